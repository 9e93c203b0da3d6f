import type { CurrentMatchResponse } from "../../shared/matches";
import type { AppContext } from "../context";
import { isCurrent, listMemberMatches, toMatchItems } from "./member-matches";

const noMatch: CurrentMatchResponse = {
  match: null,
  partner: null,
  partners: [],
  myConnectionStatus: null,
};

export async function getCurrentMatch(
  ctx: AppContext,
  userId: string,
): Promise<CurrentMatchResponse> {
  const current = (await listMemberMatches(ctx, userId)).find(isCurrent);
  if (!current) return noMatch;
  const [item] = await toMatchItems(ctx, userId, [current.match]);
  return item ?? noMatch;
}

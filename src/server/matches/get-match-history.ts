import type { MatchHistoryResponse } from "../../shared/matches";
import type { AppContext } from "../context";
import { isCurrent, listMemberMatches, toMatchItems } from "./member-matches";

/** Every match of the user's except the current one, newest first. */
export async function getMatchHistory(
  ctx: AppContext,
  userId: string,
): Promise<MatchHistoryResponse> {
  const rows = await listMemberMatches(ctx, userId);
  const currentId = rows.find(isCurrent)?.match.id;
  const past = rows.filter((r) => r.match.id !== currentId).map((r) => r.match);
  return toMatchItems(ctx, userId, past);
}

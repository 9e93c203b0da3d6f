import type { CurrentMatchResponse } from "../../shared/matches";
import type { AppContext } from "../context";
import { currentMemberMatch } from "./member-match-queries";
import { toMatchItem } from "./member-matches";

const noMatch: CurrentMatchResponse = {
  match: null,
  partner: null,
  partners: [],
  myConnectionStatus: null,
};

/**
 * The current match is the newest match that is still active inside a pairing that is still
 * active (one statement, with the partners). Marking it completed, or the admin completing its
 * pairing, moves it to the history.
 */
export async function getCurrentMatch(
  ctx: AppContext,
  userId: string,
): Promise<CurrentMatchResponse> {
  const current = await currentMemberMatch(ctx.db, userId);
  return (current && toMatchItem(userId, current.match, current.partners)) ?? noMatch;
}

import type { MatchHistoryResponse, MatchItem } from "../../shared/matches";
import type { AppContext } from "../context";
import { memberMatches } from "./member-match-queries";
import { toMatchItem } from "./member-matches";

/** Every match of the user's except the current one, newest first (one statement). */
export async function getMatchHistory(
  ctx: AppContext,
  userId: string,
): Promise<MatchHistoryResponse> {
  const rows = await memberMatches(ctx.db, userId);
  const currentId = rows.find((r) => r.isCurrent)?.match.id;
  return rows
    .filter((r) => r.match.id !== currentId)
    .map((r) => toMatchItem(userId, r.match, r.partners))
    .filter((item): item is MatchItem => item !== null);
}

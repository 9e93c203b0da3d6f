import type { MatchHistoryResponse, MatchItem } from "../../shared/matches";
import type { AppContext } from "../context";
import { sessionMatches } from "./member-match-queries";
import { toMatchItem } from "./member-matches";

/**
 * Every match of the user's except the current one, newest first, read in the same statement as
 * the session lookup (as the current match is, see get-current-match.ts); null (signed out) under
 * the same rules as every session lookup.
 */
export async function getMatchHistoryOfSession(
  ctx: AppContext,
  token: string,
): Promise<MatchHistoryResponse | null> {
  const found = await sessionMatches(ctx, token, "history");
  if (!found) return null;
  const currentId = found.matches.find((r) => r.isCurrent)?.match.id;
  return found.matches
    .filter((r) => r.match.id !== currentId)
    .map((r) => toMatchItem(found.userId, r.match, r.partners, r.pairingOpen))
    .filter((item): item is MatchItem => item !== null);
}

import { matchHistoryResponseSchema } from "../../shared/matches";
import type { AppContext } from "../context";
import type { SerialisedJson } from "../http/table/send-serialised";
import { toMatchItem } from "./member-matches";
import { readMemberView } from "./member-view-cache";

/**
 * Every match of the user's except the current one, newest first, each with its booked chat (a
 * pairing completed before it keeps it, docs/scheduling.md), read in the same statement as
 * the session lookup and kept while the person's view has not changed (as the current match is,
 * see get-current-match.ts); null (signed out) under the same rules as every session lookup.
 */
export function getMatchHistoryOfSession(
  ctx: AppContext,
  token: string,
): Promise<SerialisedJson | null> {
  return readMemberView(ctx, token, "history", matchHistoryResponseSchema, (found) => {
    const currentId = found.matches.find((r) => r.isCurrent)?.match.id;
    return found.matches
      .filter((r) => r.match.id !== currentId)
      .flatMap((r) => {
        const item = toMatchItem(found.userId, r.match, r.partners, r.pairingOpen);
        return item ? [{ ...item, booking: r.booking }] : [];
      });
  });
}

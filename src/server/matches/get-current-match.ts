import { matchTogether, meetingLabel, type TogetherMember } from "../../shared/match-together";
import {
  type CurrentMatchResponse,
  currentMatchResponseSchema,
  type MatchTogether,
} from "../../shared/matches";
import type { AppContext } from "../context";
import type { SerialisedJson } from "../http/table/send-serialised";
import { toMatchItem } from "./member-matches";
import { readMemberView } from "./member-view-cache";

const noMatch: CurrentMatchResponse = {
  match: null,
  partner: null,
  partners: [],
  myConnectionStatus: null,
  pairingOpen: false,
  together: null,
  booking: null,
};

/**
 * The current match is the newest match that is still active inside a pairing that is still
 * active. Marking it completed, or the admin completing its pairing, moves it to the history.
 *
 * The employee's home screen asks for it on every visit, so it is read in the same statement
 * as the session lookup (one round trip; the route skips the per-request lookup), and answered
 * from this process's memory while the person's view has not changed (member-view-cache.ts). The
 * session rules are the same: null (signed out) when the cookie names no live session or the
 * whitelist no longer admits its person (whose sessions are then ended).
 */
export function getCurrentMatchOfSession(
  ctx: AppContext,
  token: string,
): Promise<SerialisedJson | null> {
  return readMemberView(ctx, token, "current", currentMatchResponseSchema, (found) => {
    const [current] = found.matches;
    const item =
      current && toMatchItem(found.userId, current.match, current.partners, current.pairingOpen);
    if (!item) return noMatch;
    return { ...item, together: togetherOf(current.together), booking: current.booking };
  });
}

/** The intro's words for the member reading alone, as the e-mail says them (mail/together-line.ts). */
function togetherOf(members: readonly TogetherMember[]): MatchTogether {
  const { meeting, shared } = matchTogether(members, true);
  return { meeting: meeting && meetingLabel(meeting), shared: shared || null };
}

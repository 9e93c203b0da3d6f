import { bookingTimeLabel } from "../../shared/booking";
import type { AppContext } from "../context";
import { bookingLinkUrl } from "../mail/booking-links";
import type { ProposedTimesView } from "../mail/templates/views";
import { type MatchProposal, matchProposals } from "./match-times";

/** One proposed time as a message shows it: the instants and the signed link that books it. */
export interface ProposedTimeLink {
  /** ISO 8601 instants (UTC). */
  start: string;
  end: string;
  /** `/book-time?token=…&start=…` for this person and match (docs/scheduling.md). */
  url: string;
}

/** What a message proposes to one member: the times, their zone to show them in, the links. */
export interface ProposedTimesFor {
  /** The person's IANA zone (their own, else the company's). */
  zone: string;
  times: ProposedTimeLink[];
}

/**
 * The three times proposed to `personId` for their match (docs/scheduling.md, "Booking from an
 * e-mail" and "The nudge"), each with its signed booking link, and the zone to show them in. No
 * times when the person is not in the match or it no longer runs; the booked time is never among
 * them. Reads the calendar first when what is kept is stale, so call it outside any transaction
 * (an outbox kind's `render`, a Slack or Teams delivery); `secret` is the auth secret, read once per message.
 */
export async function proposedTimesFor(
  ctx: AppContext,
  secret: string,
  matchId: number,
  personId: string,
): Promise<ProposedTimesFor | null> {
  const proposal = (await matchProposals(ctx, [matchId])).get(matchId);
  return proposal ? linkedTimesFor(ctx, secret, { matchId, proposal }, personId) : null;
}

/**
 * A match's proposed times as one member is shown them: in their zone, each with a booking link
 * signed for them. Null when they are not in the match. Computes nothing: the proposal is the
 * match's (`matchProposals`), shared by everyone in it.
 */
export function linkedTimesFor(
  ctx: Pick<AppContext, "config" | "clock">,
  secret: string,
  match: { matchId: number; proposal: MatchProposal },
  personId: string,
): ProposedTimesFor | null {
  const { matchId, proposal } = match;
  const person = proposal.members.find((member) => member.userId === personId);
  if (!person) return null;
  return {
    zone: person.timeZone,
    times: proposal.times.map((time) => ({
      start: time.start.toISOString(),
      end: time.end.toISOString(),
      url: bookingLinkUrl(ctx, secret, { userId: personId, matchId, start: time.start }),
    })),
  };
}

/** The times as a match e-mail shows them (`ProposedTimesView`): each labelled in the reader's zone. */
export function labelledTimes(linked: ProposedTimesFor): ProposedTimesView {
  return {
    zone: linked.zone,
    times: linked.times.map((time) => ({
      start: time.start,
      label: bookingTimeLabel(time.start, linked.zone),
      url: time.url,
    })),
  };
}

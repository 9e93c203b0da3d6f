import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { matchCalendarEvents } from "../db/schema";
import { bookingLinkUrl } from "../mail/booking-links";
import { matchSchedules } from "./match-schedules";
import { proposedMatchTimes, refreshBusyTimes } from "./match-times";

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
 * (an outbox kind's `render`, a chat delivery); `secret` is the auth secret, read once per message.
 */
export async function proposedTimesFor(
  ctx: AppContext,
  secret: string,
  matchId: number,
  personId: string,
): Promise<ProposedTimesFor | null> {
  const { members, running } = await matchSchedules(ctx.db, matchId);
  const person = members.find((member) => member.userId === personId);
  if (!person) return null;
  if (!running) return { zone: person.timeZone, times: [] };
  await refreshBusyTimes(ctx, matchId);
  // The booked time is not proposed again (the match's event, docs/matches.md).
  const [booked] = await ctx.db
    .select({ startsAt: matchCalendarEvents.startsAt })
    .from(matchCalendarEvents)
    .where(and(eq(matchCalendarEvents.matchId, matchId), isNull(matchCalendarEvents.cancelledAt)));
  const times = await proposedMatchTimes(
    ctx.db,
    matchId,
    members,
    ctx.clock.now(),
    booked?.startsAt,
  );
  return {
    zone: person.timeZone,
    times: times.map((time) => ({
      start: time.start.toISOString(),
      end: time.end.toISOString(),
      url: bookingLinkUrl(ctx, secret, { userId: personId, matchId, start: time.start }),
    })),
  };
}

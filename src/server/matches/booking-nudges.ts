import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import {
  matchCalendarEvents,
  matches,
  outgoingMessages,
  pairings,
  roundSteps,
  users,
} from "../db/schema";
import { HttpError } from "../errors";
import { memberIds, membersOfMatches } from "../match-members/match-members";
import { bookingNudge } from "../outbox/kinds/booking-nudge";
import { greetingOf } from "../outbox/personal-links";
import { queue } from "../outbox/queue";
import { fullName } from "../pairings/scope/pairing-members";
import { lockMemberMatch } from "./open-pairing";

/** A match is nudged at most this many at a time per look; the next look takes the rest. */
const BATCH = 200;

/**
 * Running matches whose check-in window is past its middle and whose check-in is still to come,
 * with nothing booked and no nudge queued yet. The window runs from the pairing's publish
 * (`pairings.created_at`, written from the clock at the publish or the hand-made generation) to
 * the round's check-in step (docs/check-ins.md).
 */
async function dueMatches(ctx: AppContext) {
  const now = ctx.clock.now();
  return ctx.db
    .select({ id: matches.id, month: pairings.month })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .innerJoin(
      roundSteps,
      and(
        eq(roundSteps.scopeKey, pairings.scopeKey),
        eq(roundSteps.month, pairings.month),
        eq(roundSteps.kind, "check-in"),
        eq(roundSteps.state, "pending"),
      ),
    )
    .where(
      and(
        eq(matches.status, "active"),
        eq(pairings.status, "active"),
        sql`${pairings.createdAt} + (${roundSteps.dueAt} - ${pairings.createdAt}) / 2 <= ${now}`,
        sql`${roundSteps.dueAt} > ${now}`,
        sql`not exists (select 1 from ${matchCalendarEvents} where ${matchCalendarEvents.matchId} = ${matches.id} and ${isNull(matchCalendarEvents.cancelledAt)})`,
        sql`not exists (select 1 from ${outgoingMessages} where ${outgoingMessages.kind} = ${bookingNudge.name} and ${outgoingMessages.onceKey} = 'match-' || ${matches.id})`,
      ),
    )
    .orderBy(matches.id)
    .limit(BATCH);
}

/**
 * Queues the one booking nudge of each match that nobody has booked by the middle of its check-in
 * window (docs/scheduling.md, "The nudge") to its organiser, the first member. Each match in its
 * own transaction, under the pairing's lock with the match, its members and its booking read again
 * inside it; the outbox's once-key keeps it to one per match. Answers how many were queued.
 */
export async function queueBookingNudges(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (const due of await dueMatches(ctx)) {
    queued += await ctx.db.transaction((tx) => nudgeMatch(ctx, tx, due));
  }
  return queued;
}

async function nudgeMatch(
  ctx: AppContext,
  tx: Tx,
  due: { id: number; month: string },
): Promise<number> {
  const first = (await membersOfMatches(tx, [due.id])).get(due.id)?.[0];
  if (!first) return 0;
  let match: Awaited<ReturnType<typeof lockMemberMatch>>;
  try {
    match = await lockMemberMatch(tx, first.userId, due.id);
  } catch (error) {
    // Completed or changed since it was read: nothing to nudge.
    if (error instanceof HttpError) return 0;
    throw error;
  }
  const [booked] = await tx
    .select({ matchId: matchCalendarEvents.matchId })
    .from(matchCalendarEvents)
    .where(and(eq(matchCalendarEvents.matchId, due.id), isNull(matchCalendarEvents.cancelledAt)));
  if (match.status !== "active" || booked) return 0;
  const ids = memberIds(match);
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const organiser = people.find((person) => person.id === ids[0]);
  if (!organiser) return 0;
  return queue(ctx, tx, bookingNudge, [organiser.email], {
    userId: organiser.id,
    greeting: greetingOf(organiser),
    matchId: due.id,
    month: due.month,
    partnerNames: ids
      .slice(1)
      .flatMap((id) => people.filter((person) => person.id === id).map(fullName)),
  });
}

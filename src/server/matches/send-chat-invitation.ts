import { alreadyBookedMessage, CHAT_ALREADY_HAPPENED } from "../../shared/booking";
import type { ChatInvitation } from "../../shared/calendar";
import { chatStartProblem } from "../../shared/calendar";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { MatchCalendarEventRow } from "../db/schema";
import { Conflict, Validation } from "../errors";
import { changeEvent, lockEvent } from "../icalendar/match-calendar-events";
import { matchChatHappened, memberIds } from "../match-members/match-members";
import { bookedTime } from "../outbox/kinds/booked-time";
import { queue } from "../outbox/queue";

import { readerTimeZone } from "../settings/time-zone";
import { bookingSeenBy } from "./booked-by";
import { lockMemberMatch } from "./open-pairing";

/**
 * The start a request names, or 400 when it has passed or is over a year ahead by the server's
 * clock (shared/calendar.ts, `chatStartProblem`): the one rule of every way a time is booked.
 */
export function chatStartOf(ctx: Pick<AppContext, "clock">, text: string): Date {
  const start = new Date(text);
  const problem = chatStartProblem(start, ctx.clock.now());
  if (problem) throw new Validation(problem, "start");
  return start;
}

/**
 * A member picks (or moves) the time of their match's coffee chat (docs/matches.md, "The
 * calendar invitation"): the match's one event gets that start, its SEQUENCE grows by one when
 * it had been sent before, and every member is e-mailed the invitation (METHOD:REQUEST) through
 * the outbox, in the same transaction. The same time again changes and sends nothing.
 * Under the pairing's lock (open-pairing.ts), the match read again inside it; 409 once the
 * pairing is completed or the chat happened (nothing is left to book), and 409 for a move that
 * does not name the booking it replaces (`replaces`: the start the person was shown), so an old
 * link never moves a booking unsaid. 400 for a start that has passed (`chatStartOf`).
 */
export async function sendChatInvitation(
  ctx: AppContext,
  userId: string,
  matchId: number,
  request: { start: string; replaces?: string },
  /** A check of the start under the lock (a booking: it fits everyone); throws to refuse it. */
  checkInLock?: (
    tx: Parameters<typeof lockMemberMatch>[0],
    match: Awaited<ReturnType<typeof lockMemberMatch>>,
    start: Date,
  ) => Promise<void>,
): Promise<{ invitation: ChatInvitation; sent: number }> {
  const start = chatStartOf(ctx, request.start);
  const result = await ctx.db.transaction(async (tx) => {
    const match = await lockMemberMatch(
      tx,
      userId,
      matchId,
      "Match not found",
      "its chat can no longer be scheduled",
    );
    if (matchChatHappened(match)) throw new Conflict(CHAT_ALREADY_HAPPENED, "chat_happened");
    await checkInLock?.(tx, match, start);
    const current = await lockEvent(tx, match.id);
    await refuseUnsaidMove(tx, userId, current, start, request.replaces);
    const deliveries = await changeEvent(ctx, tx, current, {
      matchId: match.id,
      month: match.month,
      start,
      members: memberIds(match),
      bookedBy: userId,
    });
    let sent = 0;
    for (const { userId, email, message } of deliveries) {
      sent += await queue(ctx, tx, bookedTime, [email], { userId, calendar: message });
    }
    const sequence = deliveries[0]?.message.sequence ?? current?.sequence ?? 0;
    return { invitation: { start: start.toISOString(), sequence }, sent };
  });
  return result;
}

/** 409 when a live booking at another time would be replaced without the request naming it. */
async function refuseUnsaidMove(
  tx: Tx,
  userId: string,
  current: MatchCalendarEventRow | undefined,
  start: Date,
  replaces: string | undefined,
): Promise<void> {
  const booked = await bookingSeenBy(tx, current, userId);
  if (!booked || booked.start === start.toISOString()) return;
  if (replaces !== undefined && new Date(replaces).getTime() === new Date(booked.start).getTime()) {
    return;
  }
  const zone = await readerTimeZone(tx, { userId });
  throw new Conflict(alreadyBookedMessage(booked, zone), "already_booked");
}

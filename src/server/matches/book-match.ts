import { BOOKING_DOES_NOT_FIT } from "../../shared/booking";
import type { ChatInvitation } from "../../shared/calendar";
import type { AppContext } from "../context";
import { Conflict, NotFound } from "../errors";
import { matchSchedules } from "../scheduling/match-schedules";
import { fitsEveryone, refreshBusyTimes } from "../scheduling/match-times";
import { chatStartOf, sendChatInvitation } from "./send-chat-invitation";

/**
 * A member books (or moves) the match's chat at `start` (docs/scheduling.md, "Booking"): the time
 * must fit everyone — on the hour or half hour, in the next ten working days, inside every
 * member's working hours, outside their busy time and the refused times — so one of the proposed
 * times always does, and so does one an e-mail proposed days ago while it still fits. The booking
 * is the match's one calendar event, sent as the invitation is (send-chat-invitation.ts): every
 * member an attendee, SEQUENCE + 1 on a move. Busy time is read from the calendar first, outside
 * the transaction; the fit is checked again under the pairing's lock, with the members read
 * inside it. 400 for a start that has passed, before any calendar is read; 409 when it does not
 * fit or moves a booking without naming it (`replaces`), 404 outside the match.
 */
export async function bookMatch(
  ctx: AppContext,
  userId: string,
  matchId: number,
  request: { start: string; replaces?: string },
): Promise<{ invitation: ChatInvitation; sent: number }> {
  const before = await matchSchedules(ctx.db, matchId);
  if (!before.members.some((member) => member.userId === userId)) {
    throw new NotFound("Match not found");
  }
  chatStartOf(ctx, request.start);
  await refreshBusyTimes(ctx, matchId);
  return sendChatInvitation(ctx, userId, matchId, request, async (tx, _match, start) => {
    const schedules = await matchSchedules(tx, matchId);
    if (!(await fitsEveryone(tx, matchId, schedules, start, ctx.clock.now()))) {
      throw new Conflict(BOOKING_DOES_NOT_FIT, "does_not_fit");
    }
  });
}

import type { ChatInvitation } from "../../shared/calendar";
import type { AppContext } from "../context";
import { NotFound } from "../errors";
import { renderCalendarMessage } from "../icalendar/calendar-mail";
import { readEvent } from "../icalendar/match-calendar-events";
import { findMemberMatch } from "./member-matches";

/** The match's calendar event as a member sees it; null until someone sent an invitation. */
export async function readChatInvitation(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<ChatInvitation | null> {
  const match = await findMemberMatch(ctx, userId, matchId);
  const event = await readEvent(ctx, match.id);
  return event ? { start: event.startsAt.toISOString(), sequence: event.sequence } : null;
}

/**
 * The match's one event as an .ics file (docs/matches.md, "The calendar invitation"), built as
 * the e-mailed invitation is: the same for every member who downloads it — its UID, its
 * SEQUENCE, the app as organiser and every member as an attendee — so importing it updates the
 * event the e-mail put in the calendar. 404 until someone sent an invitation, and for anyone
 * outside the match.
 */
export async function downloadChatInvitation(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<{ fileName: string; body: string }> {
  const match = await findMemberMatch(ctx, userId, matchId);
  const event = await readEvent(ctx, match.id);
  if (!event) {
    throw new NotFound("Nobody has sent an invitation for this chat yet: pick a time first.");
  }
  const { part } = await renderCalendarMessage(ctx, {
    method: "REQUEST",
    matchId: match.id,
    month: match.month,
    sequence: event.sequence,
    start: event.startsAt.toISOString(),
    stamp: ctx.clock.now().toISOString(),
    memberIds: event.recipientIds,
    attendeeIds: event.recipientIds,
  });
  return { fileName: `coffee-chat-${match.month}.ics`, body: part.content };
}

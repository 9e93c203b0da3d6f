import { chatEnd } from "../../shared/calendar";
import { isErasedAddress } from "../../shared/former-colleague";
import {
  CHAT_DURATION_MINUTES,
  chatDescription,
  chatTitle,
  formatMatchMonth,
} from "../../shared/matches";
import { personName } from "../../shared/person-name";
import type { AppContext } from "../context";
import type { MailCalendarPart } from "../mail-transport";
import { readPeople } from "../people-rows/read-people";
import { getTimeZone, inReaderZone, readerTimeZone } from "../settings/time-zone";
import { buildInvitation, matchEventUid, type Person } from "./calendar-invitation";
import { calendarOrganizer } from "./calendar-organizer";
import type { CalendarMessage } from "./match-calendar-events";

export interface RenderedCalendarMessage {
  /** The text/calendar part. */
  part: MailCalendarPart;
  /** The e-mail's subject and lines when the message goes alone ("Updated invitation: …"). */
  subject: string;
  lines: string[];
}

/**
 * A queued calendar message as the e-mail carries it (text/calendar; method=…), built when it is
 * sent from the ids it was queued with: names and addresses as they are then, an erased person
 * named as a former colleague and never as an attendee. Its lines state the time in the reader's
 * own zone, named (their own, else the company's).
 */
export async function renderCalendarMessage(
  ctx: AppContext,
  message: CalendarMessage,
  readerId?: string,
): Promise<RenderedCalendarMessage> {
  const people = await peopleOf(ctx, [...message.memberIds, ...message.attendeeIds]);
  const named = (ids: string[]) => ids.flatMap((id) => people.get(id) ?? []);
  const title = chatTitle(named(message.memberIds).map((p) => p.name));
  const start = new Date(message.start);
  const content = buildInvitation({
    method: message.method,
    uid: matchEventUid(message.matchId, ctx.config.appUrl),
    sequence: message.sequence,
    stamp: new Date(message.stamp),
    start,
    end: chatEnd(start),
    title,
    description: message.month ? chatDescription(message.month) : "Your Cup of Joe coffee chat.",
    organizer: await calendarOrganizer(ctx),
    attendees: named(message.attendeeIds).filter((p) => !isErasedAddress(p.email)),
    whole: message.whole,
  });
  const zone = readerId
    ? await readerTimeZone(ctx.db, { userId: readerId })
    : await getTimeZone(ctx.db);
  const when = inReaderZone(start, zone);
  return { part: { method: message.method, content }, ...mailText(message, title, when) };
}

/** "Updated invitation: Coffee chat: Ann & Ben" and the lines of the e-mail around it. */
function mailText(
  message: CalendarMessage,
  title: string,
  when: string,
): { subject: string; lines: string[] } {
  // A deleted pairing's match is gone by the time its cancellation is queued: no month then.
  const chat = message.month ? `${formatMatchMonth(message.month)} coffee chat` : "coffee chat";
  if (message.method === "CANCEL") {
    return {
      subject: `Cancelled: ${title}`,
      lines: [
        `Your ${chat} on ${when} is off for you: the match changed.`,
        "The attached cancellation removes it from your calendar.",
      ],
    };
  }
  return {
    subject: `${message.sequence === 0 ? "Invitation" : "Updated invitation"}: ${title}`,
    lines: [
      `Your ${chat} is on ${when}, for ${CHAT_DURATION_MINUTES} minutes.`,
      message.sequence === 0
        ? "Accept the attached invitation to put it in your calendar."
        : "The attached invitation updates the event already in your calendar.",
    ],
  };
}

async function peopleOf(ctx: AppContext, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await readPeople(ctx.db, ids);
  return new Map(rows.map((r) => [r.id, { name: personName(r), email: r.email }]));
}

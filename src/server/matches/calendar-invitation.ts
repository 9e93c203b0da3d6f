import {
  type CalendarQuery,
  CHAT_START_OUT_OF_RANGE,
  chatEnd,
  isChatStartInRange,
  nextWeekdayMorning,
} from "../../shared/calendar";
import { calendarStamp, chatDescription, chatTitle, partnerName } from "../../shared/matches";
import type { AppContext } from "../context";
import { Validation } from "../errors";
import { findMemberMatch, toMatchItems } from "./member-matches";

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (CN) may not hold quotes or control characters; it is quoted as a whole. */
function paramValue(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, "")}"`;
}

function mailto(email: string): string {
  return `mailto:${email.replace(/[\p{Cc}\s]/gu, "")}`;
}

/** Folds a content line at 75 octets (RFC 5545 §3.1) without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export type Person = { name: string; email: string };

export function buildInvitation(options: {
  uid: string;
  now: Date;
  start: Date;
  end: Date;
  title: string;
  description: string;
  organizer: Person;
  attendees: Person[];
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cup of Joe//Coffee Chat//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:REQUEST",
    "BEGIN:VEVENT",
    `UID:${options.uid}`,
    `DTSTAMP:${calendarStamp(options.now)}`,
    `DTSTART:${calendarStamp(options.start)}`,
    `DTEND:${calendarStamp(options.end)}`,
    `SUMMARY:${escapeText(options.title)}`,
    `DESCRIPTION:${escapeText(options.description)}`,
    `ORGANIZER;CN=${paramValue(options.organizer.name)}:${mailto(options.organizer.email)}`,
    ...options.attendees.map(
      (a) =>
        `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:${mailto(a.email)}`,
    ),
    "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/**
 * The .ics invitation for one of the user's matches, addressed to every member, starting at the
 * time the person chose, or else at the default start in their time zone (UTC when not given).
 */
export async function matchInvitation(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string | null; lastName: string | null },
  matchId: number,
  query: CalendarQuery = {},
): Promise<{ fileName: string; body: string }> {
  const now = ctx.clock.now();
  const start = query.start
    ? chosenStart(query.start, now)
    : nextWeekdayMorning(now, query.timeZone ?? "UTC");
  const match = await findMemberMatch(ctx, user.id, matchId);
  const [item] = await toMatchItems(ctx, user.id, [match]);
  const me: Person = { name: partnerName(user), email: user.email };
  const others: Person[] = item.partners.map((p) => ({ name: partnerName(p), email: p.email }));
  const end = chatEnd(start);
  const hostname = new URL(ctx.config.appUrl).hostname;
  const body = buildInvitation({
    uid: `match-${match.id}-${calendarStamp(start)}@${hostname}`,
    now,
    start,
    end,
    title: chatTitle([me.name, ...others.map((o) => o.name)]),
    description: chatDescription(match.month),
    organizer: me,
    attendees: [me, ...others],
  });
  return { fileName: `coffee-chat-${match.month}.ics`, body };
}

function chosenStart(value: string, now: Date): Date {
  const start = new Date(value);
  if (Number.isNaN(start.getTime()) || !isChatStartInRange(start, now)) {
    throw new Validation(CHAT_START_OUT_OF_RANGE, "start");
  }
  return start;
}

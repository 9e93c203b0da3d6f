import { calendarStamp } from "../../shared/matches";

/*
 * The coffee chat as an iCalendar object (RFC 5545) carrying an iTIP method (RFC 5546): the one
 * event of a match (docs/matches.md, "The calendar invitation"). Pure: who is in it, when, and
 * which change it is come from match-calendar-events.ts.
 */

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

/** REQUEST: the event as it now is; CANCEL: it is off for the attendees it names. */
export type CalendarMethod = "REQUEST" | "CANCEL";

export interface ChatEvent {
  method: CalendarMethod;
  /** The match's UID (matchEventUid): the same for every message and download of the match. */
  uid: string;
  /** 0 when first sent, one more with every change (RFC 5546 §2.1.4). */
  sequence: number;
  /** When this message was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** An address a person reads (calendar-organizer.ts), on behalf of the match. */
  organizer: Person;
  /**
   * REQUEST: every member. CANCEL: the members it is cancelled for; `whole` cancels the event
   * for all of them (STATUS:CANCELLED), otherwise it uninvites only them (RFC 5546 §3.2.5: then
   * no STATUS).
   */
  attendees: Person[];
  whole?: boolean;
}

/** The UID of a match's one event: its id and the install's host, never its time. */
export function matchEventUid(matchId: number, appUrl: string): string {
  return `coffee-chat-match-${matchId}@${new URL(appUrl).hostname}`;
}

/**
 * The organiser of every match's event, named as the app (MAIL_FROM's name, "Name <address>")
 * on behalf of the match: `replyTo`, an address a person reads (calendar-organizer.ts), or
 * MAIL_FROM's address when there is none.
 */
export function organizerOf(mailFrom: string, replyTo: string | null): Person {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  const app = named?.[1]?.trim() || "Cup of Joe";
  const email = replyTo ?? named?.[2] ?? mailFrom;
  return { name: `${app}, on behalf of your coffee chat match`, email };
}

export function buildInvitation(event: ChatEvent): string {
  const status =
    event.method === "REQUEST" ? ["STATUS:CONFIRMED"] : event.whole ? ["STATUS:CANCELLED"] : [];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cup of Joe//Coffee Chat//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${calendarStamp(event.stamp)}`,
    `DTSTART:${calendarStamp(event.start)}`,
    `DTEND:${calendarStamp(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:${mailto(event.organizer.email)}`,
    ...event.attendees.map(
      (a) =>
        `ATTENDEE;CN=${paramValue(a.name)};CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(a.email)}`,
    ),
    ...status,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

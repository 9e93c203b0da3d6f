import { z } from "zod";
import { replacesSchema } from "./booking";
import { CHAT_DURATION_MINUTES } from "./matches";
import { dateIn, instantAt } from "./zone-clock";

/** How far ahead a chat may start (docs/matches.md, "Booking a time"): a year. */
const CHAT_START_LATEST_MS = 366 * 24 * 60 * 60 * 1000;
export const CHAT_START_OUT_OF_RANGE = "Please pick a time between today and a year from now.";
export const CHAT_START_PASSED = "That time has already passed. Please pick a later day or time.";

/** True for a time-zone name the runtime knows, such as "Europe/Berlin" or "UTC". */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A member picks the chat's start (PUT /api/matches/{id}/invitation): an instant with its offset. */
export const chatInvitationBodySchema = z.object({
  start: z.iso.datetime({
    offset: true,
    error: "The start must be a date and time such as 2027-03-02T10:00:00Z.",
  }),
  replaces: replacesSchema,
});

/** The match's one calendar event: when it starts and how many changes it has had (SEQUENCE). */
export const chatInvitationSchema = z.object({
  start: z.string(),
  sequence: z.number().int(),
});
export type ChatInvitation = z.infer<typeof chatInvitationSchema>;

export const chatInvitationResponseSchema = z.object({
  invitation: chatInvitationSchema.nullable(),
  /**
   * The server's time of the answer (ISO): whether the booked time has come (Met waits for it)
   * and which starts Schedule Coffee Chat offers are read by it, as the server checks them, not
   * by the browser's clock.
   */
  now: z.string(),
});

export const chatInvitationSentSchema = z.object({
  message: z.string(),
  invitation: chatInvitationSchema,
  /** How many members were e-mailed: 0 when the time was already the one sent. */
  sent: z.number().int(),
});

export function chatEnd(start: Date): Date {
  return new Date(start.getTime() + CHAT_DURATION_MINUTES * 60_000);
}

/**
 * Why a chat may not start at `start`, or undefined when it may: from `now` (the server's clock;
 * in the dialog, the server's time its answer gave) to a year ahead. Every way of booking a time answers by this rule
 * (docs/matches.md, "Booking a time"), so a start that has passed is never booked.
 */
export function chatStartProblem(start: Date, now: Date): string | undefined {
  const offset = start.getTime() - now.getTime();
  if (Number.isNaN(offset) || offset > CHAT_START_LATEST_MS) return CHAT_START_OUT_OF_RANGE;
  return offset < 0 ? CHAT_START_PASSED : undefined;
}

/**
 * The default coffee-chat start (docs/matches.md): the next weekday after today at 10:00, where
 * "today", "weekday" and "10:00" are read in the person's time zone (an IANA name).
 */
export function nextWeekdayMorning(now: Date, timeZone: string): Date {
  // Calendar days counted on "YYYY-MM-DD" in UTC, the wall clock read in the zone with Intl alone:
  // the browser's own zone (and a faked clock in stories) plays no part.
  const [y, m, d] = dateIn(timeZone, now.getTime()).split("-").map(Number);
  let day = new Date(Date.UTC(y, m - 1, d + 1));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return new Date(instantAt(timeZone, day.toISOString().slice(0, 10), "10:00"));
}

/** An Outlook on the web "new event" link with the same slot as the match's invitation (as above). */
export function outlookCalendarUrl(options: {
  title: string;
  details: string;
  start: Date;
  end: Date;
}): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: options.title,
    body: options.details,
    startdt: options.start.toISOString(),
    enddt: options.end.toISOString(),
  });
  return `https://outlook.office.com/calendar/deeplink/compose?${params.toString()}`;
}

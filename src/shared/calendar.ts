import { TZDate } from "@date-fns/tz";
import { addDays, isWeekend, setHours, startOfDay } from "date-fns";
import { z } from "zod";
import { CHAT_DURATION_MINUTES } from "./matches";

/** How far from now an invitation may start: a day back (time zones) to a year ahead. */
export const CHAT_START_EARLIEST_MS = 24 * 60 * 60 * 1000;
export const CHAT_START_LATEST_MS = 366 * 24 * 60 * 60 * 1000;
export const CHAT_START_OUT_OF_RANGE = "Please pick a time between today and a year from now.";

/** True for a time-zone name the runtime knows, such as "Europe/Berlin" or "UTC". */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * `?start=` of the .ics download: the chosen start as an ISO 8601 date-time with its offset;
 * `?timeZone=` the person's zone, which places the default slot when there is no start.
 */
export const calendarQuerySchema = z.object({
  start: z.iso
    .datetime({
      offset: true,
      error: "The start must be a date and time such as 2027-03-02T10:00:00Z.",
    })
    .optional(),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: "The time zone must be a name such as Europe/Berlin." })
    .optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export function chatEnd(start: Date): Date {
  return new Date(start.getTime() + CHAT_DURATION_MINUTES * 60_000);
}

/** True when an invitation may start at `start` (see the window above). */
export function isChatStartInRange(start: Date, now: Date): boolean {
  const offset = start.getTime() - now.getTime();
  return offset >= -CHAT_START_EARLIEST_MS && offset <= CHAT_START_LATEST_MS;
}

/**
 * The default coffee-chat start (docs/matches.md): the next weekday after today at 10:00, where
 * "today", "weekday" and "10:00" are read in the person's time zone (an IANA name).
 */
export function nextWeekdayMorning(now: Date, timeZone: string): Date {
  let day = addDays(startOfDay(new TZDate(now, timeZone)), 1);
  while (isWeekend(day)) day = addDays(day, 1);
  return new Date(setHours(day, 10).getTime());
}

/** An Outlook on the web "new event" link with the same slot and guests as the .ics invitation. */
export function outlookCalendarUrl(options: {
  title: string;
  details: string;
  start: Date;
  end: Date;
  guests: readonly string[];
}): string {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: options.title,
    body: options.details,
    startdt: options.start.toISOString(),
    enddt: options.end.toISOString(),
    to: options.guests.join(","),
  });
  return `https://outlook.office.com/calendar/deeplink/compose?${params.toString()}`;
}

import { addDays, isWeekend, setHours, startOfDay } from "date-fns";
import { z } from "zod";
import { CHAT_DURATION_MINUTES } from "./matches";

/** How far from now an invitation may start: a day back (time zones) to a year ahead. */
export const CHAT_START_EARLIEST_MS = 24 * 60 * 60 * 1000;
export const CHAT_START_LATEST_MS = 366 * 24 * 60 * 60 * 1000;
export const CHAT_START_OUT_OF_RANGE = "Please pick a time between today and a year from now.";

/** `?start=` of the .ics download: the chosen start as an ISO 8601 date-time with its offset. */
export const calendarQuerySchema = z.object({
  start: z.iso
    .datetime({
      offset: true,
      error: "The start must be a date and time such as 2027-03-02T10:00:00Z.",
    })
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

/** The next weekday after today at 10:00, in the time zone of the machine that runs this. */
export function nextWeekdayMorning(now: Date): Date {
  let day = addDays(startOfDay(now), 1);
  while (isWeekend(day)) day = addDays(day, 1);
  return setHours(day, 10);
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

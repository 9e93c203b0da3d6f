import { TZDate } from "@date-fns/tz";
import type { WorkingDay } from "./working-hours";

/**
 * The one reading of a person's working hours as instants (docs/scheduling.md, "Booking"): the
 * server's proposed times and bookings (src/server/scheduling) and the Schedule Coffee Chat
 * dialog's warning all go through `workingSpans`.
 */

/** Milliseconds since the epoch, start included and end excluded: the form the arithmetic works in. */
export interface Span {
  start: number;
  end: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "09:30" → [9, 30]; "24:00" is the end of the day. */
function hoursAndMinutes(text: string): [number, number] {
  const [hours, minutes] = text.split(":").map(Number);
  return [hours, minutes];
}

/** ISO weekday (Monday = 1) of a date as seen in its zone. */
export function isoWeekday(date: TZDate): number {
  return date.getDay() === 0 ? 7 : date.getDay();
}

/** Midnight of the day `instant` falls on in `timeZone`. */
export function startOfLocalDay(instant: number, timeZone: string): TZDate {
  const local = new TZDate(instant, timeZone);
  return TZDate.tz(timeZone, local.getFullYear(), local.getMonth(), local.getDate());
}

/** Midnight of the calendar day `days` after `day`, in the same zone (23 or 25 hours across DST). */
export function addLocalDays(day: TZDate, days: number): TZDate {
  return TZDate.tz(day.timeZone ?? "UTC", day.getFullYear(), day.getMonth(), day.getDate() + days);
}

/**
 * A person's working time between `from` and `to`, as instants: each local day's hours are read
 * as wall-clock times in their zone, so 09:00 stays 09:00 across a daylight-saving change. Hours
 * that end at or before they start run past midnight into the next day.
 */
export function workingSpans(
  timeZone: string,
  hours: readonly WorkingDay[],
  from: number,
  to: number,
): Span[] {
  const spans: Span[] = [];
  let day = addLocalDays(startOfLocalDay(from, timeZone), -1);
  while (day.getTime() < to) {
    const weekday = isoWeekday(day);
    for (const entry of hours) {
      if (entry.day !== weekday) continue;
      const [startHour, startMinute] = hoursAndMinutes(entry.start);
      const [endHour, endMinute] = hoursAndMinutes(entry.end);
      const wall = (h: number, m: number, plusDays = 0) =>
        TZDate.tz(timeZone, day.getFullYear(), day.getMonth(), day.getDate() + plusDays, h, m);
      const start = wall(startHour, startMinute).getTime();
      let end = wall(endHour, endMinute).getTime();
      if (end <= start) end = wall(endHour, endMinute, 1).getTime();
      if (end > from && start < to)
        spans.push({ start: Math.max(start, from), end: Math.min(end, to) });
    }
    const next = addLocalDays(day, 1);
    day = next.getTime() > day.getTime() ? next : new TZDate(day.getTime() + DAY_MS, timeZone);
  }
  return spans;
}

/**
 * Whether the person works through all of `from`–`to` (instants), by the same reading of their
 * hours as the proposed times: a span may run on across midnight into the next day's hours.
 */
export function worksThrough(
  timeZone: string,
  hours: readonly WorkingDay[],
  from: number,
  to: number,
): boolean {
  let covered = from;
  for (const span of workingSpans(timeZone, hours, from, to).sort((a, b) => a.start - b.start)) {
    if (span.start > covered) break;
    covered = Math.max(covered, span.end);
  }
  return covered >= to;
}

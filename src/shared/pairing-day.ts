import { TZDate } from "@date-fns/tz";
import { defaultPairingSchedule, type PairingSchedule } from "./rounds";

/**
 * A month's pairing day under a schedule and the hour a round's steps run at (docs/rounds.md,
 * "When"): shared so the server's rounds (src/server/rounds/round-dates.ts) and the sample
 * company both in the server's seed and on /admin-demo follow the one rule.
 */

/** A calendar day; `month` is 0-based, as JavaScript's. */
export type Day = { year: number; month: number; day: number };

/** Steps of a round run at this hour of the company's day (docs/rounds.md "When"). */
export const STEP_HOUR = 9;

function nthWeekday(year: number, month: number, nth: number, weekday: number): Day {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const day = 1 + ((weekday - firstWeekday + 7) % 7) + (nth - 1) * 7;
  return { year, month, day };
}

/**
 * The pairing day of one month (`month` 0-based): the nth weekday, or a fixed date in its own
 * month (other months then follow the default rule). The one rule behind the date members are
 * shown and the scheduled rounds (docs/rounds.md).
 */
export function pairingDayOf(year: number, month: number, schedule: PairingSchedule): Day {
  if (schedule.type === "fixed") {
    const [y, m, d] = schedule.date.split("-").map(Number);
    if (y === year && m - 1 === month) return { year, month, day: d };
    return pairingDayOf(year, month, defaultPairingSchedule);
  }
  return nthWeekday(year, month, schedule.nth, schedule.weekday);
}

/** STEP_HOUR on a calendar day (day numbers may overflow the month) in the zone, as an instant. */
export const atStepHour = (year: number, month0: number, day: number, timeZone: string) =>
  new Date(new TZDate(year, month0, day, STEP_HOUR, 0, timeZone).getTime());

/** When a month's (`yyyy-MM`) round is published: its pairing day at STEP_HOUR in the zone. */
export function publishTimeOf(month: string, schedule: PairingSchedule, timeZone: string): Date {
  const [year, m] = month.split("-").map(Number);
  const day = pairingDayOf(year, m - 1, schedule);
  return atStepHour(day.year, day.month, day.day, timeZone);
}

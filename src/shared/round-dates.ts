import { TZDate } from "@date-fns/tz";
import { atStepHour, pairingDayOf, publishTimeOf } from "./pairing-day";
import type { PairingSchedule } from "./rounds";

/**
 * The dates of a month's round (docs/rounds.md, "When") and the month arithmetic they rest on:
 * shared so the server's rounds (src/server/rounds/) and the sample dashboard (/admin-demo) date
 * every round by the one rule.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** "yyyy-MM" of a year and a 0-based month. */
export const monthKey = (year: number, month0: number) => `${year}-${pad(month0 + 1)}`;

/** Whole-month arithmetic on "yyyy-MM" strings (no time zones involved). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + delta;
  const y = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  return `${String(y).padStart(4, "0")}-${String(mm).padStart(2, "0")}`;
}

/** The calendar month `now` falls in, in the company's zone. */
export function monthIn(now: Date, timeZone: string): string {
  const local = new TZDate(now.getTime(), timeZone);
  return monthKey(local.getFullYear(), local.getMonth());
}

export interface RoundDates {
  /** YYYY-MM: the month of the pairing day. */
  month: string;
  /** YYYY-MM-DD in the company's zone. */
  pairingDay: string;
  draftAt: Date;
  publishAt: Date;
  checkInAt: Date;
  /** The one reminder of the check-in, a week after it. */
  reminderAt: Date;
}

/** Days from the check-in to its reminder. */
export const REMINDER_AFTER_DAYS = 7;

export interface DateRule {
  schedule: PairingSchedule;
  reviewDays: number;
  checkInDays: number;
  timeZone: string;
}

/** The dates of one month's round under a scope's rule (docs/rounds.md "When"). */
export function roundDates(month: string, rule: DateRule): RoundDates {
  const [year, m] = month.split("-").map(Number);
  const day = pairingDayOf(year, m - 1, rule.schedule);
  return {
    month,
    pairingDay: `${day.year}-${pad(day.month + 1)}-${pad(day.day)}`,
    draftAt: atStepHour(day.year, day.month, day.day - rule.reviewDays, rule.timeZone),
    publishAt: publishTimeOf(month, rule.schedule, rule.timeZone),
    checkInAt: atStepHour(day.year, day.month, day.day + rule.checkInDays, rule.timeZone),
    reminderAt: atStepHour(
      day.year,
      day.month,
      day.day + rule.checkInDays + REMINDER_AFTER_DAYS,
      rule.timeZone,
    ),
  };
}

/**
 * The round under way at `now`: the latest month whose review window has opened (the next
 * month's window may open before this month ends). Null only before any window opened.
 */
export function currentRound(now: Date, rule: DateRule): RoundDates | null {
  const here = monthIn(now, rule.timeZone);
  for (const month of [shiftMonth(here, 1), here, shiftMonth(here, -1)]) {
    const dates = roundDates(month, rule);
    if (dates.draftAt.getTime() <= now.getTime()) return dates;
  }
  return null;
}

/** The first round whose review window has not opened yet at `now`. */
export function nextRound(now: Date, rule: DateRule): RoundDates {
  const current = currentRound(now, rule);
  const month = current ? shiftMonth(current.month, 1) : monthIn(now, rule.timeZone);
  return roundDates(month, rule);
}

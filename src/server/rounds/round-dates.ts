import { TZDate } from "@date-fns/tz";
import { atStepHour, pairingDayOf, publishTimeOf } from "../../shared/pairing-day";
import type { PairingSchedule } from "../../shared/rounds";
import { monthIn, shiftMonth } from "../dates/month-dates";

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

const pad = (n: number) => String(n).padStart(2, "0");

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
 * The check-in and its reminder of a round published at `publishedAt`: the check-in days counted
 * from the day it was published, so a publish made late (after a downtime) still leaves people
 * their days to meet before they are asked.
 */
export function checkInsAfter(
  publishedAt: Date,
  rule: Pick<DateRule, "checkInDays" | "timeZone">,
): Pick<RoundDates, "checkInAt" | "reminderAt"> {
  const local = new TZDate(publishedAt.getTime(), rule.timeZone);
  const [year, month0, day] = [local.getFullYear(), local.getMonth(), local.getDate()];
  return {
    checkInAt: atStepHour(year, month0, day + rule.checkInDays, rule.timeZone),
    reminderAt: atStepHour(
      year,
      month0,
      day + rule.checkInDays + REMINDER_AFTER_DAYS,
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

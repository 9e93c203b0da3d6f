import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import type { GeneratePlan } from "./generate-plan";
import { atStepHour } from "./pairing-day";
import {
  type DateRule,
  REMINDER_AFTER_DAYS,
  type RoundDates,
  roundDates,
  shiftMonth,
} from "./round-dates";

/**
 * A round's windows counted from the day it started (docs/rounds.md, "A start on any day"):
 * shared so the server's rounds (src/server/rounds/) and the sample dashboard (/admin-demo) count
 * them by the one rule.
 */

/** The calendar day of `now` in the zone, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/** The days (YYYY-MM-DD, company zone) a member may say their partner is away. */
export interface AwayWindow {
  /** The day the round started: its pairing day, or the later day its pairing was made. */
  firstDay: string;
  /** The last day of the round's first half. */
  lastDay: string;
}

/**
 * The first half of a month's round (docs/rounds.md, "My partner is away"): from the day it
 * started up to, not including, the day halfway to the next month's pairing day. For 1 March and
 * 5 April (35 days) that is 1 to 17 March; for a round started late, on 26 November, with the
 * next pairing day on 7 December, 26 to 30 November. Always at least the first day.
 */
export function awayWindow(month: string, rule: DateRule, startDay?: string): AwayWindow {
  const pairingDay = roundDates(month, rule).pairingDay;
  const first = parseISO(startDay && startDay > pairingDay ? startDay : pairingDay);
  const next = parseISO(roundDates(shiftMonth(month, 1), rule).pairingDay);
  const half = Math.floor(differenceInCalendarDays(next, first) / 2);
  return {
    firstDay: format(first, "yyyy-MM-dd"),
    lastDay: format(addDays(first, Math.max(half - 1, 0)), "yyyy-MM-dd"),
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
 * The pairing day, or the later day its pairing was published or generated. "My partner is away"
 * runs from that day to halfway to the next pairing day; the check-in comes the check-in days
 * after it and its reminder a week later; the round completes when the next one is published.
 * A check-in or reminder that would not come before the completion is null: it is not held.
 */
export interface RoundWindows {
  /** YYYY-MM-DD, company zone. */
  pairingDay: string;
  startDay: string;
  /** The start came after the pairing day. */
  late: boolean;
  away: AwayWindow;
  checkInAt: Date | null;
  reminderAt: Date | null;
  /** The check-in and reminder as counted from the start, whether or not they are held. */
  counted: Pick<RoundDates, "checkInAt" | "reminderAt">;
  /** The next round's publish, which completes this one. */
  completeAt: Date;
  nextPairingDay: string;
}

export function roundWindows(month: string, rule: DateRule, startedAt: Date | null): RoundWindows {
  const dates = roundDates(month, rule);
  const next = roundDates(shiftMonth(month, 1), rule);
  const startedDay = startedAt ? dayIn(startedAt, rule.timeZone) : dates.pairingDay;
  const late = startedDay > dates.pairingDay;
  const startDay = late ? startedDay : dates.pairingDay;
  const asks = late && startedAt ? checkInsAfter(startedAt, rule) : dates;
  const before = (at: Date) => (at.getTime() < next.publishAt.getTime() ? at : null);
  return {
    pairingDay: dates.pairingDay,
    startDay,
    late,
    away: awayWindow(month, rule, startDay),
    checkInAt: before(asks.checkInAt),
    reminderAt: before(asks.reminderAt),
    counted: { checkInAt: asks.checkInAt, reminderAt: asks.reminderAt },
    completeAt: next.publishAt,
    nextPairingDay: next.pairingDay,
  };
}

/**
 * What a Generate at `now` would start for a scope under `rule` (GET
 * /api/admin/generate-pairing/plan): the month it makes, a pairing's month being the UTC month of
 * its making as every process reads it, with that month's windows counted from `now`.
 */
export function generatePlanAt(now: Date, rule: DateRule, auto: boolean): GeneratePlan {
  const month = now.toISOString().slice(0, 7);
  const windows = roundWindows(month, rule, now);
  return {
    month,
    timeZone: rule.timeZone,
    pairingDay: windows.pairingDay,
    late: windows.late,
    awayUntil: windows.away.lastDay,
    checkInAt: windows.checkInAt?.toISOString() ?? null,
    nextPairingDay: windows.nextPairingDay,
    completeAt: windows.completeAt.toISOString(),
    auto,
  };
}

import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import { shiftMonth } from "../dates/month-dates";
import { type DateRule, roundDates } from "./round-dates";

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

/** The calendar day of `now` in the zone, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

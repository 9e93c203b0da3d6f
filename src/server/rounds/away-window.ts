import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import { shiftMonth } from "../calendar/month-calendar";
import { type DateRule, roundDates } from "./round-dates";

/** The days (YYYY-MM-DD, company zone) a member may say their partner is away. */
export interface AwayWindow {
  /** The round's pairing day. */
  firstDay: string;
  /** The last day of the round's first half. */
  lastDay: string;
}

/**
 * The first half of a month's round (docs/rounds.md, "My partner is away"): from its pairing day
 * up to, not including, the day halfway to the next month's pairing day. For 1 March and 5 April
 * (35 days) that is 1 to 17 March.
 */
export function awayWindow(month: string, rule: DateRule): AwayWindow {
  const first = parseISO(roundDates(month, rule).pairingDay);
  const next = parseISO(roundDates(shiftMonth(month, 1), rule).pairingDay);
  const half = Math.floor(differenceInCalendarDays(next, first) / 2);
  return {
    firstDay: format(first, "yyyy-MM-dd"),
    lastDay: format(addDays(first, half - 1), "yyyy-MM-dd"),
  };
}

/** The calendar day of `now` in the zone, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

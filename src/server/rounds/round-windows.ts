import { shiftMonth } from "../dates/month-dates";
import { type AwayWindow, awayWindow, dayIn } from "./away-window";
import { checkInsAfter, type DateRule, roundDates } from "./round-dates";

/**
 * A round's windows counted from the day it started (docs/rounds.md, "A start on any day"): the
 * pairing day, or the later day its pairing was published or generated. "My partner is away"
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
    completeAt: next.publishAt,
    nextPairingDay: next.pairingDay,
  };
}

import { TZDate } from "@date-fns/tz";
import { atStepHour } from "../../shared/pairing-day";
import { type DateRule, REMINDER_AFTER_DAYS, type RoundDates } from "../../shared/round-dates";

// The dates of a round are shared with the sample dashboard (src/shared/round-dates.ts).
export {
  currentRound,
  type DateRule,
  nextRound,
  type RoundDates,
  roundDates,
} from "../../shared/round-dates";

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

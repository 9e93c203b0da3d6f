import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { anonymiseOlderThan } from "./anonymise-old-history";
import { deleteExpired } from "./clean-expired";
import { getRetention } from "./retention-setting";

export const RETENTION_JOB = "privacy-retention";

/**
 * The day's clean-up (docs/privacy.md "Retention"), run once a day across every process by the
 * daily job `jobs/definitions/retention.ts`: the work is cumulative (everything older than the
 * cut-off), so one run catches up any number of missed days. Returns what it did, in words.
 */
export async function runRetention(ctx: AppContext, now: Date): Promise<string> {
  const expired = await deleteExpired(ctx.db, now);
  const { months } = await getRetention(ctx.db);
  const cutoff = months === null ? null : monthsBefore(now, months);
  const old = cutoff ? await anonymiseOlderThan(ctx.db, cutoff, now) : 0;
  return cutoff
    ? `Deleted ${expired} expired sign-in records; anonymised or deleted ${old} records older than ${utcDayOf(cutoff)}.`
    : `Deleted ${expired} expired sign-in records; history is kept for ever.`;
}

/** The same day and time `months` calendar months earlier (the last day of a shorter month). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

import type { ParticipationStatus } from "./enums";

/** The pause scale window: 30 days. */
export const PAUSE_SCALE_MS = 2_592_000_000;

/**
 * How full the participation mug is, in percent: active 100; opted out 0;
 * paused with an end date: time left / 30 days × 20, clamped to 10–50 (100 once the end date has
 * passed); paused without an end date 25.
 */
export function participationFill(
  status: ParticipationStatus,
  pauseEndDate: string | null | undefined,
  now: number,
): number {
  if (status === "active") return 100;
  if (status === "opted_out") return 0;
  if (!pauseEndDate) return 25;
  const end = parseIsoDate(pauseEndDate);
  if (Number.isNaN(end)) return 25;
  const left = end - now;
  if (left <= 0) return 100;
  return Math.min(50, Math.max(10, (left / PAUSE_SCALE_MS) * 20));
}

/** Milliseconds of a `YYYY-MM-DD` date (midnight UTC) or of a full timestamp. */
export function parseIsoDate(value: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`);
  return Date.parse(value);
}

/** The UTC calendar date of an instant, as `YYYY-MM-DD`. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * A `YYYY-MM-DD` date plus whole months; a day that the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function addMonthsToIsoDate(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split("-").map(Number);
  const monthIndex = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const targetDay = Math.min(day, lastDay);
  return `${String(targetYear).padStart(4, "0")}-${String(targetMonth + 1).padStart(2, "0")}-${String(targetDay).padStart(2, "0")}`;
}

/** A `YYYY-MM-DD` date plus whole days. */
export function addDaysToIsoDate(date: string, days: number): string {
  return isoDateOf(new Date(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + days * 86_400_000));
}

/** The furthest a pause to a chosen date may reach (docs/profile.md, "Participation"). */
export const MAX_PAUSE_UNTIL_MONTHS = 12;

/** The end dates a pause to a chosen date may take, from tomorrow up to a year ahead. */
export function pauseUntilRange(today: string): { min: string; max: string } {
  const min = isoDateOf(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000));
  return { min, max: addMonthsToIsoDate(today, MAX_PAUSE_UNTIL_MONTHS) };
}

/** Month arithmetic for the repeat window. Months are "YYYY-MM" strings. */

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Months since year 0: 2027-03 → 2027 * 12 + 2. Returns NaN for a malformed month. */
export function monthIndex(month: string): number {
  const m = MONTH_PATTERN.exec(month);
  if (!m) return Number.NaN;
  return Number(m[1]) * 12 + Number(m[2]) - 1;
}

export function formatMonth(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
}

/**
 * The months whose groups may not meet again: the `windowMonths` months before `month`
 * (window 3 and month 2027-03 → 2026-12, 2027-01, 2027-02), oldest first.
 */
export function blockedMonths(month: string, windowMonths: number): string[] {
  const current = monthIndex(month);
  const out: string[] = [];
  for (let i = windowMonths; i >= 1; i--) out.push(formatMonth(current - i));
  return out;
}

/** Whether a group made in `historyMonth` blocks a repeat when pairing `month`. */
export function isInWindow(historyMonth: string, month: string, windowMonths: number): boolean {
  const h = monthIndex(historyMonth);
  const current = monthIndex(month);
  return h >= current - windowMonths && h <= current - 1;
}

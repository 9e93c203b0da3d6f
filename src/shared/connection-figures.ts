// The Connections figures' definitions, without zod, for the server's aggregates, the sample
// dashboard and the tests alike (docs/admin-console.md, "Connections"; docs/privacy.md,
// "Figures about few people").

/** A figure describing fewer people than this is hidden unless the admin chooses otherwise. */
export const DEFAULT_MIN_CELL = 5;
/** The lowest threshold an admin may choose. */
export const MIN_CELL_FLOOR = 3;
export const MIN_CELL_CEILING = 100;
/** The longest period the page asks for at once, in months. */
export const MAX_CONNECTION_MONTHS = 24;
/** The page's period when it opens: this month and the five before it. */
export const DEFAULT_CONNECTION_MONTHS = 6;

/**
 * A count shown only when it describes no one or at least `minCell` people: `people` is how many
 * distinct people the count is about. Hidden counts are null in the API and the export and read
 * "hidden" on the page.
 */
export function shownCount(count: number, people: number, minCell: number): number | null {
  return people === 0 || people >= minCell ? count : null;
}

/** A figure about `people` people (a ratio, a median), shown only when they are `minCell` or more. */
export function shownFigure(value: number | null, people: number, minCell: number): number | null {
  return people >= minCell ? value : null;
}

/**
 * Krackhardt and Stern's E-I index of one department: (external − internal) / (external +
 * internal) over the chats its people had, rounded to two decimals; from −1 (only among
 * themselves) to +1 (only with other departments). Null without any chat.
 */
export function eiIndex(external: number, internal: number): number | null {
  const all = external + internal;
  return all === 0 ? null : Math.round(((external - internal) / all) * 100) / 100;
}

/** Unordered pairs of `n` departments: the pairs a month's chats could connect. */
export const departmentPairs = (n: number) => (n < 2 ? 0 : (n * (n - 1)) / 2);

/**
 * The value at fraction `p` of the sorted `values` as PostgreSQL's `percentile_disc` takes it:
 * the first value whose place reaches `p` of the list. Null for an empty list.
 */
export function percentileDisc(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}

/** The reach histogram's bars: colleagues met, from `min` to `max` (null: and more). */
export const REACH_BUCKETS = [
  { label: "0", min: 0, max: 0 },
  { label: "1", min: 1, max: 1 },
  { label: "2", min: 2, max: 2 },
  { label: "3", min: 3, max: 3 },
  { label: "4", min: 4, max: 4 },
  { label: "5–9", min: 5, max: 9 },
  { label: "10+", min: 10, max: null },
] as const;

/** The bar of REACH_BUCKETS a reach of `n` colleagues falls in. */
export const reachBucketOf = (n: number) =>
  REACH_BUCKETS.findIndex((b) => n >= b.min && (b.max === null || n <= b.max));

/** `from` … `to` inclusive, as `YYYY-MM` strings. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number);
  for (let key = from; key <= to; ) {
    months.push(key);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
    key = `${year}-${String(month).padStart(2, "0")}`;
  }
  return months;
}

/**
 * The months of `from` … `to` whose chats are still to come: `thisMonth` (the server's month now)
 * and any later, and any earlier one with a pairing still running (`runningPairingMonths`), whose
 * members may still answer that they met (docs/admin-console.md, "Connections").
 */
export function runningMonthsOf(
  period: { from: string; to: string },
  thisMonth: string,
  runningPairingMonths: readonly string[],
): string[] {
  return monthsBetween(period.from, period.to).filter(
    (month) => month >= thisMonth || runningPairingMonths.includes(month),
  );
}

/** `month` (`YYYY-MM`) moved by `delta` months. */
export function shiftMonthKey(month: string, delta: number): string {
  const [year, m] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** Departments in the order of the map: most people matched first, then by name. */
export function departmentOrder(peopleMatched: ReadonlyMap<string, number>): string[] {
  return [...peopleMatched]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([d]) => d);
}

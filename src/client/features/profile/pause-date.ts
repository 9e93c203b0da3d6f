// The browser's Intl rather than date-fns' format(), whose formatters and locale would add ~7 KB
// (brotli) to the profile page's initial JavaScript (docs/performance.md, page budgets).
const pauseDateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** `YYYY-MM-DD` as "Apr 1, 2027", read as a calendar date (no time-zone shift). */
export function formatPauseDate(date: string): string {
  return pauseDateFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

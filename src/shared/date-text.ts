/**
 * The one way a date is written to a person, on every page, e-mail and message (docs/scheduling.md,
 * "How dates are written"): month before day, the weekday first, in two lengths.
 *
 * - short, where space is tight (lists, activity, the timeline, offered times): "Mon, Mar 1",
 *   "Mon, Mar 1, 2027" with the year, "Mon, Mar 1, 09:00" with a time;
 * - long, in running sentences and e-mails: "Monday, March 1", "Monday, March 1, 2027" with the
 *   year, "Monday, March 1 at 09:00" with a time.
 *
 * The words come from the runtime's Intl (English, whatever the reader's locale: e-mails are
 * written once for every reader), the order and punctuation from here, so Node and every browser
 * write the same text. A page that shows a date carries no date library (docs/performance.md).
 * A rule in `date-text.test.ts` keeps any other file from writing a date for people itself.
 */

type Instant = Date | string | number;
type Length = "short" | "long";

/** Whether the year is written: where the date may be far from today (a pause's end, an expiry). */
export type DateTextOptions = { year?: boolean };

/** One formatter per zone and length: making one costs about a millisecond, using one microseconds. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(length: Length, timeZone: string): Intl.DateTimeFormat {
  const key = `${length} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: length,
      month: length,
      day: "numeric",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(key, format);
  }
  return format;
}

type Parts = { weekday: string; month: string; day: string; year: string; time: string };

function partsOf(at: Instant, timeZone: string, length: Length): Parts {
  const out: Record<string, string> = {};
  for (const part of formatFor(length, timeZone).formatToParts(new Date(at))) {
    out[part.type] = part.value;
  }
  const hour = (Number(out.hour) % 24).toString().padStart(2, "0");
  return {
    weekday: out.weekday,
    month: out.month,
    day: out.day,
    year: out.year,
    time: `${hour}:${out.minute}`,
  };
}

function dateOf(p: Parts, options: DateTextOptions): string {
  return `${p.weekday}, ${p.month} ${p.day}${options.year ? `, ${p.year}` : ""}`;
}

/** "Mon, Mar 1": the day an instant falls on in a zone, short. */
export function shortDate(at: Instant, timeZone: string, options: DateTextOptions = {}): string {
  return dateOf(partsOf(at, timeZone, "short"), options);
}

/** "Monday, March 1": the day an instant falls on in a zone, long. */
export function longDate(at: Instant, timeZone: string, options: DateTextOptions = {}): string {
  return dateOf(partsOf(at, timeZone, "long"), options);
}

/** "Mon, Mar 1, 09:00": an instant in a zone, short, on the 24-hour clock. */
export function shortDateTime(
  at: Instant,
  timeZone: string,
  options: DateTextOptions = {},
): string {
  const p = partsOf(at, timeZone, "short");
  return `${dateOf(p, options)}, ${p.time}`;
}

/** "Monday, March 1 at 09:00": an instant in a zone, long, on the 24-hour clock. */
export function longDateTime(at: Instant, timeZone: string, options: DateTextOptions = {}): string {
  const p = partsOf(at, timeZone, "long");
  return `${dateOf(p, options)} at ${p.time}`;
}

/** Noon UTC of a calendar day, so the day is the same in the one zone it is read in. */
const noonOf = (day: string) => `${day.slice(0, 10)}T12:00:00Z`;

/** "Mon, Mar 1" for a `YYYY-MM-DD` day of the calendar rather than an instant. */
export function shortDay(day: string, options: DateTextOptions = {}): string {
  return shortDate(noonOf(day), "UTC", options);
}

/** "Monday, March 1" for a `YYYY-MM-DD` day of the calendar rather than an instant. */
export function longDay(day: string, options: DateTextOptions = {}): string {
  return longDate(noonOf(day), "UTC", options);
}

/** "Feb 2027" for a `YYYY-MM` month, short (a chart's axis); months.ts has its long name. */
export function shortMonth(month: string): string {
  const p = partsOf(`${month.slice(0, 7)}-15T12:00:00Z`, "UTC", "short");
  return `${p.month} ${p.year}`;
}

import { type DateTextOptions, shortDateTime } from "./date-text";
import { withZone } from "./zone-names";

/**
 * Wall-clock times across zones with the browser's (or Node's) Intl alone, so the pages that show
 * them carry no date library (docs/performance.md, page budgets): "Ana's 10:00 is your 01:00".
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, instant: number) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(zone, format);
  }
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(instant))) out[part.type] = part.value;
  return out;
}

/** The zone's offset from UTC in minutes at an instant (Berlin in summer: 120). */
export function offsetMinutes(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  const local = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour % 24, +p.minute);
  return Math.round((local - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "HH:MM" and the day ("Mon") an instant shows in a zone. */
export function clockIn(zone: string, instant: number): { time: string; weekday: string } {
  const p = partsIn(zone, instant);
  const weekday = WEEKDAYS[new Date(Date.UTC(+p.year, +p.month - 1, +p.day)).getUTCDay()];
  return { time: `${p.hour.padStart(2, "0")}:${p.minute.padStart(2, "0")}`, weekday };
}

/** The instant when a zone's clocks show `time` ("HH:MM") on the day `date` ("YYYY-MM-DD"). */
export function instantAt(zone: string, date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d, Number(time.slice(0, 2)), Number(time.slice(3, 5)));
  const first = guess - offsetMinutes(zone, guess) * 60_000;
  return guess - offsetMinutes(zone, first) * 60_000;
}

/** "YYYY-MM-DD" of the day an instant falls on in a zone. */
export function dateIn(zone: string, instant: number): string {
  const p = partsIn(zone, instant);
  return `${p.year}-${p.month.padStart(2, "0")}-${p.day.padStart(2, "0")}`;
}

/** Every IANA zone the runtime knows, UTC included, for a zone picker. */
export function knownTimeZones(): string[] {
  const list =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return list.includes("UTC") ? list : ["UTC", ...list];
}

/** The browser's zone, or null when it names none. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * "Mon, Mar 1, 09:00 Central European Time (Europe/Berlin)": an instant in a zone in the short form
 * (date-text.ts), the zone named (zone-names.ts, `zoneNameForPeople`), so no time on an admin page
 * reads without its zone.
 */
export function atInZone(
  instant: string | Date,
  zone: string,
  options: DateTextOptions = {},
): string {
  return withZone(shortDateTime(instant, zone, options), zone);
}

/** "14:00 Central European Time (Europe/Berlin)": the wall-clock time of an instant, its zone named. */
export function timeInZone(instant: string | Date, zone: string): string {
  return withZone(clockIn(zone, new Date(instant).getTime()).time, zone);
}

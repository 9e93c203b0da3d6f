import type { Interval } from "./intervals";

/**
 * Busy time by address. `unreadable` names the addresses whose calendar could not be read within
 * the budget (docs/scheduling.md, "What is refused"), with the reason: they are answered with no
 * busy time, so their working hours alone count.
 */
export type BusyRead = Map<string, Interval[]> & { unreadable?: Map<string, string> };

/**
 * One company calendar service (docs/scheduling.md, "What is read from calendars"): the busy time
 * of each address between `from` and `to`. An address the service has no calendar for is left out
 * of the answer, and that person's working hours alone count. Only instants leave a provider:
 * never a title, place or attendee.
 */
export interface BusyTimesProvider {
  /** "CalDAV", "Microsoft 365" or "Google Workspace", as the admin page names it. */
  name: string;
  busyTimes(emails: readonly string[], from: Date, to: Date): Promise<BusyRead>;
}

/** A calendar service refused or failed the whole read; the message tells the admin what to fix. */
export class CalendarReadError extends Error {}

/** Runs `work` on each item, at most `limit` at a time, in order of the items. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Shared working time (FORMAT.md, rule 4 and objective level 3): each person's working hours in
 * their own zone are laid on the real calendar of the two weeks from `overlapFrom` (00:00 UTC),
 * daylight-saving changes included, and two people share the minutes both are working.
 *
 * People with the same zone and hours form one class; the shared time of two classes is computed
 * once, the first time it is asked for, and kept in a table (dense up to DENSE_LIMIT classes), so
 * the engine's many pair checks cost one look-up each.
 */
import { TZDate } from "@date-fns/tz";
import type { MatchingInstance, MatchingUser } from "./types";

export const OVERLAP_DAYS = 14;
const DAY_MS = 86_400_000;
const DENSE_LIMIT = 2048;

/** Zone and hours per class; the shared time of two classes, computed once each. */
export class OverlapTable {
  readonly min: number;
  private readonly spans: Float64Array[] = [];
  private readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();

  constructor(
    readonly from: number,
    min: number,
    readonly keys: readonly { timeZone: string; hours: MatchingUser["hours"] }[],
  ) {
    this.min = min;
    for (const key of keys) this.spans.push(workingSpans(key.timeZone, key.hours ?? [], from));
    const k = keys.length;
    this.dense = k <= DENSE_LIMIT ? new Int32Array(k * k).fill(-1) : null;
  }

  /** Minutes classes a and b both work in the two weeks. */
  shared(a: number, b: number): number {
    const k = this.keys.length;
    const at = a < b ? a * k + b : b * k + a;
    const known = this.dense ? this.dense[at] : (this.sparse.get(at) ?? -1);
    if (known >= 0) return known;
    const minutes = sharedMinutes([this.spans[a], this.spans[b]]);
    if (this.dense) this.dense[at] = minutes;
    else this.sparse.set(at, minutes);
    return minutes;
  }

  /** Minutes every class of the group works at once (a trio or a four needs it as a pair does). */
  sharedByAll(classes: readonly number[]): number {
    return sharedMinutes(classes.map((c) => this.spans[c]));
  }
}

/** Each person's class (−1: no zone or hours given, so no rule and no shared time) and the table. */
export interface Schedules {
  cls: Int32Array;
  table: OverlapTable;
}

/** The instance's schedules, or null when it asks for none (no `overlapFrom`). */
export function buildSchedules(instance: MatchingInstance): Schedules | null {
  if (!instance.overlapFrom) return null;
  const from = Date.parse(`${instance.overlapFrom}T00:00:00Z`);
  const byKey = new Map<string, number>();
  // People who follow the company's hours share one list (pairings/generate/build-instance.ts):
  // its key is written again only when the list changes, not for each of 100,000 people.
  let lastHours: MatchingUser["hours"];
  let hoursKey = "";
  const keys: { timeZone: string; hours: MatchingUser["hours"] }[] = [];
  const cls = new Int32Array(instance.users.length);
  for (let i = 0; i < instance.users.length; i++) {
    const { timeZone, hours } = instance.users[i];
    if (!timeZone || !hours) {
      cls[i] = -1;
      continue;
    }
    if (hours !== lastHours) {
      lastHours = hours;
      hoursKey = hours.map((d) => `${d.day}${d.start}${d.end}`).join(" ");
    }
    const key = `${timeZone} ${hoursKey}`;
    let c = byKey.get(key);
    if (c === undefined) {
      c = keys.length;
      byKey.set(key, c);
      keys.push({ timeZone, hours });
    }
    cls[i] = c;
  }
  return { cls, table: new OverlapTable(from, instance.minOverlapMinutes ?? 0, keys) };
}

/** Rule 4 for a pair: both unknown or enough shared time. */
export function schedulesAllow(s: Schedules, u: number, v: number): boolean {
  const a = s.cls[u];
  const b = s.cls[v];
  return a < 0 || b < 0 || s.table.shared(a, b) >= s.table.min;
}

/** Rule 4 for a group of three or four: the time all of them share at once. */
export function groupSchedulesAllow(s: Schedules, members: ArrayLike<number>): boolean {
  const classes: number[] = [];
  for (let i = 0; i < members.length; i++)
    if (s.cls[members[i]] >= 0) classes.push(s.cls[members[i]]);
  return classes.length < 2 || s.table.sharedByAll(classes) >= s.table.min;
}

/** Shared minutes of a pair (0 when either has no zone or hours): objective level 3. */
export function pairSharedMinutes(s: Schedules, u: number, v: number): number {
  const a = s.cls[u];
  const b = s.cls[v];
  return a < 0 || b < 0 ? 0 : s.table.shared(a, b);
}

/**
 * Working spans in minutes after `from`, sorted and disjoint, clipped to the two weeks. Each local
 * day's hours are turned into instants in the zone, so a day of 23 or 25 hours and a start inside
 * a skipped hour come out as the zone's clocks show them.
 */
export function workingSpans(
  timeZone: string,
  hours: readonly { day: number; start: string; end: string }[],
  from: number,
): Float64Array {
  const to = from + OVERLAP_DAYS * DAY_MS;
  const first = new TZDate(from - DAY_MS, timeZone);
  const y = first.getFullYear();
  const m = first.getMonth();
  const d = first.getDate();
  const out: number[] = [];
  for (let i = 0; i <= OVERLAP_DAYS + 1; i++) {
    const midnight = new TZDate(y, m, d + i, 0, 0, timeZone);
    const weekday = midnight.getDay() || 7;
    for (const h of hours) {
      if (h.day !== weekday) continue;
      const at = (clock: string) =>
        new TZDate(
          y,
          m,
          d + i,
          Number(clock.slice(0, 2)),
          Number(clock.slice(3, 5)),
          timeZone,
        ).getTime();
      const start = Math.max(at(h.start), from);
      const end = Math.min(at(h.end), to);
      if (end > start) out.push((start - from) / 60_000, (end - from) / 60_000);
    }
  }
  return Float64Array.from(out);
}

/** Minutes inside a span of every list (each sorted and disjoint). */
export function sharedMinutes(lists: readonly Float64Array[]): number {
  if (lists.length === 0) return 0;
  let common = lists[0];
  for (let l = 1; l < lists.length; l++) common = intersect(common, lists[l]);
  let total = 0;
  for (let i = 0; i < common.length; i += 2) total += common[i + 1] - common[i];
  return Math.round(total);
}

function intersect(a: Float64Array, b: Float64Array): Float64Array {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i], b[j]);
    const end = Math.min(a[i + 1], b[j + 1]);
    if (end > start) out.push(start, end);
    if (a[i + 1] < b[j + 1]) i += 2;
    else j += 2;
  }
  return Float64Array.from(out);
}

import { CHAT_DURATION_MINUTES } from "../../shared/matches";
import type { WorkingDay } from "../../shared/working-hours";
import {
  addLocalDays,
  isoWeekday,
  type Span,
  startOfLocalDay,
  workingSpans,
} from "../../shared/working-time";
import { type Interval, intersectSpans, subtractSpans, toInterval, toSpan } from "./intervals";

export interface SchedulingMember {
  /** IANA zone the working hours are read in. */
  timeZone: string;
  workingHours: readonly WorkingDay[];
  /** Busy time read from the person's calendar; none when no calendar is connected. */
  busy: readonly Interval[];
}

export interface ProposeTimesInput {
  members: readonly SchedulingMember[];
  /** Now: times are proposed from the next day on. */
  from: Date;
  /** A chat ends by then (its round's completion); no bound when unset. */
  until?: Date;
  workingDays?: number;
  durationMinutes?: number;
  count?: number;
}

/** Starts fall on the hour and the half hour (in every zone whose offset is whole or half hours). */
const GRID_MS = 30 * 60_000;
const MINUTE_MS = 60_000;

/**
 * Up to `count` times for a match's chat (docs/scheduling.md, "How times are chosen"): inside every
 * member's working hours and outside everyone's busy time, in the next `workingDays` working days
 * of the first member (the days counted in their zone, from the day after `from`) and ending by
 * `until`, spread over different days and times of day. Pure and deterministic: the same input gives the same times.
 */
export function proposeTimes(input: ProposeTimesInput): Interval[] {
  const { members, from } = input;
  const count = input.count ?? 3;
  const durationMs = (input.durationMinutes ?? CHAT_DURATION_MINUTES) * MINUTE_MS;
  if (members.length === 0 || count <= 0) return [];
  const days = countedDays(members[0], from.getTime(), input.workingDays ?? 10);
  if (days.length === 0) return [];
  const last = days.at(-1)?.end ?? days[0].start;
  const end = input.until ? Math.min(last, input.until.getTime()) : last;
  if (end <= days[0].start) return [];
  const shared = sharedFreeTime(members, days[0].start, end);
  const candidatesByDay = days
    .map((day) => startsIn(intersectSpans(shared, [day]), durationMs))
    .filter((starts) => starts.length > 0);
  return spreadPicks(candidatesByDay, count, durationMs)
    .sort((a, b) => a - b)
    .map((start) => toInterval({ start, end: start + durationMs }));
}

/** Where every member is working and not busy, between `start` and `end` (epoch ms). */
export function sharedFreeTime(
  members: readonly SchedulingMember[],
  start: number,
  end: number,
): Span[] {
  let shared: Span[] = [{ start, end }];
  for (const member of members) {
    const working = workingSpans(member.timeZone, member.workingHours, start, end);
    shared = intersectSpans(shared, subtractSpans(working, member.busy.map(toSpan)));
  }
  return shared;
}

/** The first member's next working days after `from`'s day, each as its local midnight to midnight. */
export function countedDays(member: SchedulingMember, from: number, workingDays: number): Span[] {
  const workdays = new Set(member.workingHours.map((entry) => entry.day));
  const days: Span[] = [];
  let day = addLocalDays(startOfLocalDay(from, member.timeZone), 1);
  for (let looked = 0; days.length < workingDays && looked < workingDays * 7 + 7; looked++) {
    const next = addLocalDays(day, 1);
    if (workdays.has(isoWeekday(day))) days.push({ start: day.getTime(), end: next.getTime() });
    day = next;
  }
  return days;
}

/** Every grid start whose whole chat fits inside one of `spans`. */
function startsIn(spans: readonly Span[], durationMs: number): number[] {
  const starts: number[] = [];
  for (const span of spans) {
    for (
      let t = Math.ceil(span.start / GRID_MS) * GRID_MS;
      t + durationMs <= span.end;
      t += GRID_MS
    ) {
      starts.push(t);
    }
  }
  return starts;
}

/**
 * Picks spread out: with enough days, one time on each of `count` days a few days apart; with
 * fewer, the days take turns. The i-th pick sits at (i + ½) / count of its day's candidates, so
 * the times also differ in the time of day (a morning, a midday, an afternoon). A pick that would
 * overlap an earlier one moves to the nearest candidate that does not.
 */
function spreadPicks(candidatesByDay: number[][], count: number, durationMs: number): number[] {
  const dayCount = candidatesByDay.length;
  if (dayCount === 0) return [];
  const step = Math.max(1, Math.floor(dayCount / count));
  const picks: number[] = [];
  const free = (t: number) => picks.every((p) => t + durationMs <= p || p + durationMs <= t);
  for (let i = 0; i < count; i++) {
    const dayIndex = dayCount >= count ? i * step : i % dayCount;
    const day = candidatesByDay[dayIndex];
    const wanted = Math.floor(((i + 0.5) / count) * day.length);
    const pick = nearest(day, wanted, free);
    if (pick !== undefined) picks.push(pick);
  }
  for (const start of candidatesByDay.flat()) {
    if (picks.length >= count) break;
    if (free(start)) picks.push(start);
  }
  return picks;
}

/** The candidate closest to index `wanted` that `ok` accepts (earlier first on a tie). */
function nearest(starts: number[], wanted: number, ok: (t: number) => boolean): number | undefined {
  for (let distance = 0; distance < starts.length; distance++) {
    for (const index of [wanted - distance, wanted + distance]) {
      if (index >= 0 && index < starts.length && ok(starts[index])) return starts[index];
    }
  }
  return undefined;
}

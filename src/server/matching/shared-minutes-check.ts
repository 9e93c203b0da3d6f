/**
 * The checker's own count of shared working time (FORMAT.md, rule 4), written apart from the
 * engine's working-time.ts: every minute of the two weeks is looked at in each person's zone
 * (its offset from @date-fns/tz) and marked when it falls inside that weekday's hours.
 */
import { tzOffset } from "@date-fns/tz";
import type { MatchingInstance, MatchingUser } from "./types";

const MINUTES = 14 * 24 * 60;
const BLOCK = 15;

/** Shared minutes of a group's people who have a zone and hours; null when the instance has none. */
export function sharedMinutesCounter(
  instance: MatchingInstance,
): ((people: readonly MatchingUser[]) => number) | null {
  if (!instance.overlapFrom) return null;
  const from = Date.parse(`${instance.overlapFrom}T00:00:00Z`);
  return (people) => {
    const known = people
      .filter((u) => u.timeZone && u.hours)
      .map((u) => marksOf(u.timeZone!, u.hours!, from));
    if (known.length < 2) return Number.POSITIVE_INFINITY;
    let count = 0;
    for (let w = 0; w < WORDS; w++) {
      let word = known[0][w];
      for (let k = 1; k < known.length; k++) word &= known[k][w];
      count += bitCount(word);
    }
    return count;
  };
}

type Hours = NonNullable<MatchingUser["hours"]>;

/**
 * A zone and week of hours marks the same minutes in every instance of the same fortnight, so the
 * marks are kept for the next check (property runs check thousands of instances drawn from a few
 * zones and weeks); the oldest are dropped past a bound.
 */
const KEPT_MARKS = 2_000;
const keptMarks = new Map<string, Uint32Array>();

function marksOf(timeZone: string, hours: Hours, from: number): Uint32Array {
  const key = `${from} ${timeZone} ${JSON.stringify(hours)}`;
  let marks = keptMarks.get(key);
  if (!marks) {
    marks = markWorking(timeZone, hours, from);
    if (keptMarks.size >= KEPT_MARKS) keptMarks.delete(keptMarks.keys().next().value as string);
    keptMarks.set(key, marks);
  }
  return marks;
}

const WORDS = MINUTES / 32;

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function markWorking(timeZone: string, hours: Hours, from: number) {
  const marks = new Uint32Array(WORDS);
  const spans = hours.map((h) => ({
    day: h.day,
    start: Number(h.start.slice(0, 2)) * 60 + Number(h.start.slice(3)),
    end: Number(h.end.slice(0, 2)) * 60 + Number(h.end.slice(3)),
  }));
  let offset = 0;
  for (let t = 0; t < MINUTES; t++) {
    const instant = from + t * 60_000;
    if (t % BLOCK === 0) offset = tzOffset(timeZone, new Date(instant));
    const local = new Date(instant + offset * 60_000);
    const day = local.getUTCDay() || 7;
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    for (const h of spans) {
      if (h.day !== day) continue;
      if (minute >= h.start && minute < h.end) marks[t >>> 5] |= 1 << (t & 31);
    }
  }
  return marks;
}

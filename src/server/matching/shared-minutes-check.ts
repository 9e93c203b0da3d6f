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
  const marks = new Map<string, Uint32Array>();
  const marksOf = (u: MatchingUser) => {
    const key = `${u.timeZone} ${JSON.stringify(u.hours)}`;
    let m = marks.get(key);
    if (!m) {
      m = markWorking(u.timeZone!, u.hours!, from);
      marks.set(key, m);
    }
    return m;
  };
  return (people) => {
    const known = people.filter((u) => u.timeZone && u.hours).map(marksOf);
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

const WORDS = MINUTES / 32;

function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function markWorking(timeZone: string, hours: NonNullable<MatchingUser["hours"]>, from: number) {
  const marks = new Uint32Array(WORDS);
  let offset = 0;
  for (let t = 0; t < MINUTES; t++) {
    const instant = from + t * 60_000;
    if (t % BLOCK === 0) offset = tzOffset(timeZone, new Date(instant));
    const local = new Date(instant + offset * 60_000);
    const day = local.getUTCDay() || 7;
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    for (const h of hours) {
      if (h.day !== day) continue;
      const start = Number(h.start.slice(0, 2)) * 60 + Number(h.start.slice(3));
      const end = Number(h.end.slice(0, 2)) * 60 + Number(h.end.slice(3));
      if (minute >= start && minute < end) marks[t >>> 5] |= 1 << (t & 31);
    }
  }
  return marks;
}

/**
 * Objective level 3 on the fast path (FORMAT.md): swaps of partners between two pairs, (x, y) +
 * (c, e) → (x, c) + (y, e), kept when they gain cross-department pairs or, with as many, shared
 * working time. The number placed does not change and every kept swap raises the objective, so
 * the phase ends.
 *
 * The partner to swap with is drawn from x's own schedule class (people with x's zone and hours,
 * who share the most time with x) and, for same-department people, from their department
 * (candidates.ts). Pairs already sharing all the time one of them works are skipped.
 * Work is capped at O(n) checks, as in improve.ts.
 */
import type { Buckets } from "./buckets";
import { makeCandidates } from "./candidates";
import type { Problem } from "./problem";
import { allowed, isCross, SAME, sharedHours } from "./problem";
import type { Rng } from "./rng";
import { exchangePartners, swapRounds } from "./swap-rounds";

/** Partners tried per member of a pair: from the own class, and by preference. */
const FROM_CLASS = 10;
const FROM_CANDIDATES = 6;
const ROUNDS = 4;

/** People by schedule class: members[start[c] .. start[c + 1]). */
function byClass(cls: Int32Array, count: number): { start: Int32Array; members: Int32Array } {
  const start = new Int32Array(count + 1);
  for (const c of cls) if (c >= 0) start[c + 1]++;
  for (let c = 0; c < count; c++) start[c + 1] += start[c];
  const fill = start.slice(0, count);
  const members = new Int32Array(start[count]);
  for (let v = 0; v < cls.length; v++) if (cls[v] >= 0) members[fill[cls[v]]++] = v;
  return { start, members };
}

export function swapForSharedTime(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): void {
  const s = p.schedules;
  if (!s) return;
  const classes = byClass(s.cls, s.table.keys.length);
  const candidates = makeCandidates(p, b, rng, FROM_CANDIDATES);
  let budget = 100_000 + 4 * p.n;

  /** Swaps (x, y) + (c, mate c) into (x, c) + (y, mate c) when that gains; true if it did. */
  const trySwap = (x: number, y: number, c: number): boolean => {
    budget--;
    const e = mate[c];
    if (e < 0 || c === x || c === y || e === x || e === y) return false;
    const dc = isCross(p, x, c) + isCross(p, y, e) - isCross(p, x, y) - isCross(p, c, e);
    if (dc < 0) return false;
    const ds =
      sharedHours(p, x, c) + sharedHours(p, y, e) - sharedHours(p, x, y) - sharedHours(p, c, e);
    if ((dc === 0 && ds <= 0) || !allowed(p, x, c) || !allowed(p, y, e)) return false;
    exchangePartners(mate, x, y, c, e);
    return true;
  };

  /** Tries partners for x (swapping y away); true once a swap was made. */
  const improveFrom = (x: number, y: number): boolean => {
    const c0 = s.cls[x];
    if (c0 >= 0) {
      const from = classes.start[c0];
      const size = classes.start[c0 + 1] - from;
      for (let t = 0; t < Math.min(FROM_CLASS, size); t++)
        if (trySwap(x, y, classes.members[from + rng.below(size)])) return true;
    }
    // Same-department people meet few of their class: they try their department's people too.
    if (p.pref[x] !== SAME) return false;
    let tried = 0;
    return candidates(x, (c) => tried++ >= FROM_CANDIDATES || trySwap(x, y, c)) && mate[x] !== y;
  };

  swapRounds(p.n, mate, rng, {
    rounds: ROUNDS,
    spent: () => budget <= 0,
    // Nobody shares more time with someone than they work.
    settled: (x, y) => sharedHours(p, x, y) >= Math.min(sharedHours(p, x, x), sharedHours(p, y, y)),
    improveFrom,
  });
}

/**
 * Objective level 4 on the fast path (FORMAT.md): swaps of partners between two pairs, (x, y) +
 * (c, e) → (x, c) + (y, e), kept when they gain on the levels above interests taken in order —
 * cross-department pairs, then shared working time — or, with both as they were, shared
 * interests. The number placed does not change and every kept swap raises the objective, so the
 * phase ends.
 *
 * The partner to swap with is drawn from the people who list one of x's tags (an index per tag),
 * so the tries go where a gain is possible. Work is capped at 50,000 + 2n checks.
 */
import type { Problem } from "./problem";
import { allowed, isCross, sharedHours, sharedInterests } from "./problem";
import type { Rng } from "./rng";
import { type InterestSets, SHARED_INTERESTS_CAP } from "./shared-interests";
import { exchangePartners, swapRounds } from "./swap-rounds";

/** Partners tried per member of a pair, and rounds over every pair. */
const TRIES = 8;
const ROUNDS = 4;

/** People by tag: holders[start[t] .. start[t + 1]). */
function byTag(s: InterestSets): { start: Int32Array; holders: Int32Array } {
  let count = 0;
  for (const t of s.tags) if (t + 1 > count) count = t + 1;
  const start = new Int32Array(count + 1);
  for (const t of s.tags) start[t + 1]++;
  for (let t = 0; t < count; t++) start[t + 1] += start[t];
  const fill = start.slice(0, count);
  const holders = new Int32Array(s.tags.length);
  for (let v = 0; v + 1 < s.start.length; v++) {
    for (let i = s.start[v]; i < s.start[v + 1]; i++) holders[fill[s.tags[i]]++] = v;
  }
  return { start, holders };
}

export function swapForSharedInterests(p: Problem, mate: Int32Array, rng: Rng): void {
  const s = p.interests;
  if (!s) return;
  const index = byTag(s);
  let budget = 50_000 + 2 * p.n;

  /** Swaps (x, y) + (c, mate c) into (x, c) + (y, mate c) when that gains; true if it did. */
  const trySwap = (x: number, y: number, c: number): boolean => {
    budget--;
    const e = mate[c];
    if (e < 0 || c === x || c === y || e === x || e === y) return false;
    const dc = isCross(p, x, c) + isCross(p, y, e) - isCross(p, x, y) - isCross(p, c, e);
    if (dc < 0) return false;
    const ds =
      sharedHours(p, x, c) + sharedHours(p, y, e) - sharedHours(p, x, y) - sharedHours(p, c, e);
    if (dc === 0 && ds < 0) return false;
    if (dc === 0 && ds === 0) {
      const di =
        sharedInterests(p, x, c) +
        sharedInterests(p, y, e) -
        sharedInterests(p, x, y) -
        sharedInterests(p, c, e);
      if (di <= 0) return false;
    }
    if (!allowed(p, x, c) || !allowed(p, y, e)) return false;
    exchangePartners(mate, x, y, c, e);
    return true;
  };

  /** Tries partners who share one of x's tags (swapping y away); true once a swap was made. */
  const improveFrom = (x: number, y: number): boolean => {
    const own = s.start[x + 1] - s.start[x];
    if (own === 0) return false;
    for (let t = 0; t < TRIES && budget > 0; t++) {
      const tag = s.tags[s.start[x] + rng.below(own)];
      const from = index.start[tag];
      const size = index.start[tag + 1] - from;
      if (trySwap(x, y, index.holders[from + rng.below(size)])) return true;
    }
    return false;
  };

  swapRounds(p.n, mate, rng, {
    rounds: ROUNDS,
    spent: () => budget <= 0,
    // Nothing to gain when each member already shares with the other all the tags they could.
    settled: (x, y) => {
      const own = (v: number) => Math.min(SHARED_INTERESTS_CAP, s.start[v + 1] - s.start[v]);
      return sharedInterests(p, x, y) >= Math.max(own(x), own(y));
    },
    improveFrom,
  });
}

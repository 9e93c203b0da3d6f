/**
 * The exact search for a few people (up to SUBSET_LIMIT): a dynamic programme over the subsets of
 * the people, where the first person of a subset either stays out or forms a group of 2–4 with
 * others of it, with one more bit for the one-to-one trio the odd policy may allow. It maximises
 * the people placed, then the sum of group values (group-value.ts), so it is exact on every level
 * of the objective; ties go to the order of `people` (drawn from the seed). The monthly search
 * runs it on small instances and on the few people an exchange rearranges (group-exchanges.ts).
 */
import { groupValue, type SearchSpace, usesOneToOneTrio, type Value } from "./group-value";
import { allowed } from "./problem";

export const SUBSET_LIMIT = 12;

export interface SubsetSolution {
  groups: number[][];
  /** Null when no state is allowed (with `placeFirst`, nothing places `people[0]`). */
  value: Value | null;
  placed: number;
}

/**
 * The best groups of `people` (indices of `s.p`, at most 16) using at most `trios` one-to-one
 * trios (0 or 1); with `placeFirst`, the best among those that place `people[0]`.
 */
export function bestOfSubsets(
  s: SearchSpace,
  people: number[],
  trios: number,
  placeFirst = false,
): SubsetSolution {
  const m = people.length;
  const near = new Int32Array(m);
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++)
      if (allowed(s.p, people[i], people[j])) {
        near[i] |= 1 << j;
        near[j] |= 1 << i;
      }
  const full = (1 << m) - 1;
  const layers = trios > 0 ? 2 : 1;
  // The best value of each state, in two parts (group-value.ts); NaN: not solved yet.
  const bestHigh = new Float64Array((full + 1) * layers).fill(Number.NaN);
  const bestLow = new Float64Array((full + 1) * layers);
  /** People placed by the best of each state (−1: none allowed, with `placeFirst`). */
  const most = new Int8Array((full + 1) * layers);
  const pick = new Int32Array((full + 1) * layers);
  // The value of each group, by its bits, computed once (many subsets share a group).
  const worth: Array<Value | null | undefined> = new Array(full + 1);
  const oneToOne = new Uint8Array(full + 1);
  const worthOf = (bits: number): Value | null => {
    const known = worth[bits];
    if (known !== undefined) return known;
    const members: number[] = [];
    for (let j = 0; j < m; j++) if (bits & (1 << j)) members.push(people[j]);
    const value = groupValue(s, members);
    worth[bits] = value;
    oneToOne[bits] = usesOneToOneTrio(s, members) ? 1 : 0;
    return value;
  };
  /** Solves a state: its value in bestHigh/bestLow, its people placed in `most`. */
  const solve = (mask: number, t: number): number => {
    const at = mask * layers + t;
    if (mask === 0) {
      bestHigh[at] = 0;
      return at;
    }
    if (!Number.isNaN(bestHigh[at])) return at;
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    const value: Value = { high: Number.NEGATIVE_INFINITY, low: 0 };
    let placed = -1;
    if (!(placeFirst && i === 0)) {
      const without = solve(rest, t);
      value.high = bestHigh[without];
      value.low = bestLow[without];
      placed = most[without];
    }
    let chosen = 0;
    forEachClique(near, rest & near[i], (bits) => {
      const group = bits | (1 << i);
      const v = worthOf(group);
      if (v === null) return;
      const trio = oneToOne[group];
      if (trio > t) return;
      const left = solve(rest & ~bits, t - trio);
      const high = v.high + bestHigh[left];
      const low = v.low + bestLow[left];
      const count = most[left] + bitCount(group);
      // isBetter of group-value.ts, written out: this loop is the exchanges' hot path.
      const better =
        count > placed ||
        (count === placed && (high > value.high || (high === value.high && low > value.low)));
      if (better) {
        value.high = high;
        value.low = low;
        placed = count;
        chosen = group;
      }
    });
    bestHigh[at] = value.high;
    bestLow[at] = value.low;
    most[at] = placed;
    pick[at] = chosen;
    return at;
  };
  const top = solve(full, layers - 1);
  const value = Number.isFinite(bestHigh[top]) ? { high: bestHigh[top], low: bestLow[top] } : null;
  const groups: number[][] = [];
  let placed = 0;
  for (let mask = full, t = layers - 1; mask !== 0; ) {
    const chosen = pick[mask * layers + t];
    if (chosen === 0) {
      mask &= mask - 1;
      continue;
    }
    const group: number[] = [];
    for (let j = 0; j < m; j++) if (chosen & (1 << j)) group.push(people[j]);
    if (usesOneToOneTrio(s, group)) t = 0;
    groups.push(group);
    placed += group.length;
    mask &= ~chosen;
  }
  return { groups, value, placed };
}

function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

/** Every set of 1–3 people in `candidates` who may all share a group with each other. */
function forEachClique(near: Int32Array, candidates: number, visit: (bits: number) => void): void {
  for (let rest = candidates; rest !== 0; rest &= rest - 1) {
    const j = 31 - Math.clz32(rest & -rest);
    const bj = 1 << j;
    visit(bj);
    const withJ = candidates & near[j] & ~((bj << 1) - 1);
    for (let r2 = withJ; r2 !== 0; r2 &= r2 - 1) {
      const k = 31 - Math.clz32(r2 & -r2);
      const bk = 1 << k;
      visit(bj | bk);
      const withK = withJ & near[k] & ~((bk << 1) - 1);
      for (let r3 = withK; r3 !== 0; r3 &= r3 - 1) visit(bj | bk | (r3 & -r3));
    }
  }
}

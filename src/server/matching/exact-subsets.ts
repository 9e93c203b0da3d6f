/**
 * The exact search for a few people (up to SUBSET_LIMIT): a dynamic programme over the subsets of
 * the people, where the first person of a subset either stays out or forms a group of 2–4 with
 * others of it, with one more bit for the one-to-one trio the odd policy may allow. It maximises
 * the people placed, then the sum of group values (group-value.ts), so it is exact on every level
 * of the objective; ties go to the order of `people` (drawn from the seed). The monthly search
 * runs it on small instances and on the few people an exchange rearranges (group-exchanges.ts).
 */
import { groupValue, isBetter, type SearchSpace, usesOneToOneTrio } from "./group-value";
import { allowed } from "./problem";

export const SUBSET_LIMIT = 12;

export interface SubsetSolution {
  groups: number[][];
  value: number;
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
  const best = new Float64Array((full + 1) * layers).fill(Number.NaN);
  /** People placed by the best of each state (−1: none allowed, with `placeFirst`). */
  const most = new Int8Array((full + 1) * layers);
  const pick = new Int32Array((full + 1) * layers);
  // The value of each group, by its bits, computed once (many subsets share a group).
  const worth = new Float64Array(full + 1).fill(Number.NaN);
  const oneToOne = new Uint8Array(full + 1);
  const worthOf = (bits: number): number => {
    if (!Number.isNaN(worth[bits])) return worth[bits];
    const members: number[] = [];
    for (let j = 0; j < m; j++) if (bits & (1 << j)) members.push(people[j]);
    worth[bits] = groupValue(s, members);
    oneToOne[bits] = usesOneToOneTrio(s, members) ? 1 : 0;
    return worth[bits];
  };
  /** The best of a state: its value (its people placed in `most`). */
  const solve = (mask: number, t: number): number => {
    if (mask === 0) return 0;
    const at = mask * layers + t;
    if (!Number.isNaN(best[at])) return best[at];
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let value = Number.NEGATIVE_INFINITY;
    let placed = -1;
    if (!(placeFirst && i === 0)) {
      value = solve(rest, t);
      placed = most[rest * layers + t];
    }
    let chosen = 0;
    forEachClique(near, rest & near[i], (bits) => {
      const group = bits | (1 << i);
      const v = worthOf(group);
      if (v === Number.NEGATIVE_INFINITY) return;
      const trio = oneToOne[group];
      if (trio > t) return;
      const left = rest & ~bits;
      const total = v + solve(left, t - trio);
      const count = most[left * layers + t - trio] + bitCount(group);
      if (isBetter(count, total, placed, value)) {
        value = total;
        placed = count;
        chosen = group;
      }
    });
    best[at] = value;
    most[at] = placed;
    pick[at] = chosen;
    return value;
  };
  const value = solve(full, layers - 1);
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

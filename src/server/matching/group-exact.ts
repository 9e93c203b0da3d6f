/**
 * Groups by choice solved exactly for a few people (up to EXACT_GROUP_LIMIT): a dynamic
 * programme over the subsets of the people, where the lowest person of a subset either stays out
 * or forms a group of 2–4 with others of it. The objective, lexicographic: most people placed,
 * fewest in a size other than their choice (only the nearest size is allowed), most
 * cross-department pairs, most never-met pairs; ties go to the seeded order of the people.
 */
import type { Problem } from "./problem";
import { allowed, NEVER_MET, relation } from "./problem";

export const EXACT_GROUP_LIMIT = 12;

/** Weights of the objective's levels (12 people: at most 18 pairs, 12 misfits). */
const PLACED = 1 << 20;
const MISFIT = 1 << 14;
const CROSS = 1 << 7;

interface Tables {
  m: number;
  choice: number[];
  near: Int32Array;
  cross: Uint8Array;
  never: Uint8Array;
}

function tables(p: Problem, choice: Uint8Array, people: number[]): Tables {
  const m = people.length;
  const near = new Int32Array(m);
  const cross = new Uint8Array(m * m);
  const never = new Uint8Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (i === j || !allowed(p, people[i], people[j])) continue;
      near[i] |= 1 << j;
      cross[i * m + j] = p.dept[people[i]] !== p.dept[people[j]] ? 1 : 0;
      never[i * m + j] = relation(p, people[i], people[j]) === NEVER_MET ? 1 : 0;
    }
  }
  return { m, choice: people.map((v) => choice[v]), near, cross, never };
}

/** The value of one group (its members' local indices), or −Infinity when a size is too far. */
function groupValue(t: Tables, members: number[]): number {
  const s = members.length;
  let value = s * PLACED;
  for (const i of members) {
    const k = t.choice[i];
    if (Math.abs(s - k) > 1 || (s === 2 && k !== 2 && k !== 3)) return Number.NEGATIVE_INFINITY;
    if (k !== s) value -= MISFIT;
  }
  for (let a = 0; a < s; a++) {
    for (let b = a + 1; b < s; b++) {
      value += t.cross[members[a] * t.m + members[b]] * CROSS;
      value += t.never[members[a] * t.m + members[b]];
    }
  }
  return value;
}

/** The best groups of `people` (already in seeded random order), as people of `p`. */
export function exactGroups(p: Problem, choice: Uint8Array, people: number[]): number[][] {
  const t = tables(p, choice, people);
  const size = 1 << t.m;
  const best = new Float64Array(size).fill(Number.NaN);
  const pick = new Int32Array(size);
  best[0] = 0;
  const solve = (mask: number): number => {
    if (!Number.isNaN(best[mask])) return best[mask];
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let value = solve(rest);
    let chosen = 0;
    const consider = (group: number[], bits: number) => {
      const v = groupValue(t, group);
      if (v === Number.NEGATIVE_INFINITY) return;
      const total = v + solve(rest & ~bits);
      if (total > value) {
        value = total;
        chosen = bits | (1 << i);
      }
    };
    forEachClique(t.near, rest & t.near[i], (group, bits) => consider([i, ...group], bits));
    best[mask] = value;
    pick[mask] = chosen;
    return value;
  };
  solve(size - 1);
  const groups: number[][] = [];
  for (let mask = size - 1; mask !== 0; ) {
    const chosen = pick[mask];
    const i = 31 - Math.clz32(mask & -mask);
    if (chosen === 0) mask &= ~(1 << i);
    else {
      const group: number[] = [];
      for (let j = 0; j < t.m; j++) if (chosen & (1 << j)) group.push(people[j]);
      groups.push(group);
      mask &= ~chosen;
    }
  }
  return groups;
}

/** Every set of 1–3 people in `candidates` who may all share a group with each other. */
function forEachClique(
  near: Int32Array,
  candidates: number,
  visit: (group: number[], bits: number) => void,
): void {
  for (let j = 0; j < 31; j++) {
    if (!(candidates & (1 << j))) continue;
    visit([j], 1 << j);
    const withJ = candidates & near[j] & ~((2 << j) - 1);
    for (let k = j + 1; k < 31; k++) {
      if (!(withJ & (1 << k))) continue;
      visit([j, k], (1 << j) | (1 << k));
      const withK = withJ & near[k] & ~((2 << k) - 1);
      for (let l = k + 1; l < 31; l++) {
        if (withK & (1 << l)) visit([j, k, l], (1 << j) | (1 << k) | (1 << l));
      }
    }
  }
}

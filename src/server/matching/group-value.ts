/**
 * The objective of FORMAT.md as one number per group, so every part of the search (the exact
 * programme over subsets, the branch and bound, the exchanges) compares the same way. The first
 * level, people placed, is the group's size, compared before the value (placed, then value); the
 * value holds the levels below it, lexicographic: fewest in a size other than their choice,
 * cross-department pairs, shared working hours (per pair as the pairs' engine counts them,
 * `sharedHours`), never-met pairs, people placed who sat out last time. Each level has room for
 * its sum over up to 300 people (a person adds at most 1.5 pairs, a pair at most
 * SHARED_HOURS_CAP hours), so sums keep the order and stay below 2^53, exact in a double.
 */
import type { Problem } from "./problem";
import {
  allowed,
  groupTimeAllowed,
  NEVER_MET,
  relation,
  SHARED_HOURS_CAP,
  sharedHours,
} from "./problem";
import { isOneToOneTrio, sizeFits } from "./size-rules";

/** Room of the levels counting people or pairs: more than 1.5 × 300. */
const LEVEL = 512;
/** Room of the shared-time level: more than 450 pairs × SHARED_HOURS_CAP hours. */
const TIME_ROOM = 2 ** 16;
const NEVER = LEVEL;
const SHARED = LEVEL * NEVER;
const CROSS = TIME_ROOM * SHARED;
const OTHER = LEVEL * CROSS;

/** The people of a search: the problem, each person's chosen size, one-to-one trios allowed. */
export interface SearchSpace {
  p: Problem;
  choice: Uint8Array;
  /** How many trios of only one-to-one people one result may hold (the odd policy). */
  trioLimit: number;
}

/**
 * The value of a group of people (indices of `s.p`) below the level of people placed, or
 * −Infinity when the rules forbid it: a pair not allowed, someone two sizes from their choice, or
 * a one-to-one trio with none allowed.
 */
export function groupValue(s: SearchSpace, members: ArrayLike<number>): number {
  const size = members.length;
  const { p, choice } = s;
  let value = 0;
  let oneToOne = size === 3;
  for (let i = 0; i < size; i++) {
    const a = members[i];
    const k = choice[a];
    if (!sizeFits(k, size)) return Number.NEGATIVE_INFINITY;
    if (k !== size) value -= OTHER;
    if (k !== 2) oneToOne = false;
    value += p.satOut[a];
    for (let j = i + 1; j < size; j++) {
      const b = members[j];
      if (!allowed(p, a, b)) return Number.NEGATIVE_INFINITY;
      if (p.dept[a] !== p.dept[b]) value += CROSS;
      value += sharedHours(p, a, b) * SHARED;
      if (relation(p, a, b) === NEVER_MET) value += NEVER;
    }
  }
  if (oneToOne && s.trioLimit === 0) return Number.NEGATIVE_INFINITY;
  if (!groupTimeAllowed(p, members)) return Number.NEGATIVE_INFINITY;
  return value;
}

/** Does this group use the odd policy's one-to-one trio? */
export const usesOneToOneTrio = (s: SearchSpace, members: ArrayLike<number>): boolean =>
  isOneToOneTrio(Array.from(members, (v) => s.choice[v]));

/** Is (placed a, value a) better than (placed b, value b)? */
export const isBetter = (placedA: number, valueA: number, placedB: number, valueB: number) =>
  placedA > placedB || (placedA === placedB && valueA > valueB);

/** The most the people still undecided could add to a value: every level at its best. */
export const valueBound = (people: number): number =>
  Math.floor(1.5 * people) * (CROSS + SHARED_HOURS_CAP * SHARED + NEVER) + people;

/**
 * The objective of FORMAT.md as one value per group, so every part of the search (the exact
 * programme over subsets, the branch and bound, the exchanges) compares the same way. The first
 * level, people placed, is the group's size, compared before the value (placed, then value); the
 * value holds the levels below it, lexicographic: fewest in a size other than their choice,
 * cross-department pairs, shared working hours (per pair as the pairs' engine counts them,
 * `sharedHours`), shared interests (per pair, `sharedInterests`), never-met pairs, people placed
 * who sat out last time. Each level has room for its sum over up to 300 people (a person adds at
 * most 1.5 pairs, a pair at most SHARED_HOURS_CAP hours and SHARED_INTERESTS_CAP tags). The
 * levels take 65 bits, more than a double holds exactly (2^53), so a value is two numbers: `high`
 * the first three levels, `low` the last three, each exact in a double (decision 0093).
 */
import type { Problem } from "./problem";
import {
  allowed,
  groupTimeAllowed,
  NEVER_MET,
  relation,
  SHARED_HOURS_CAP,
  sharedHours,
  sharedInterests,
} from "./problem";
import { SHARED_INTERESTS_CAP } from "./shared-interests";
import { isOneToOneTrio, sizeFits } from "./size-rules";

/** Room of the levels counting people or pairs: more than 1.5 × 300. */
const LEVEL = 512;
/** Room of the shared-time level: more than 450 pairs × SHARED_HOURS_CAP hours. */
const TIME_ROOM = 2 ** 16;
// `high`: people in another size, cross-department pairs, shared hours (34 bits).
const SHARED = 1;
const CROSS = TIME_ROOM * SHARED;
const OTHER = LEVEL * CROSS;
// `low`: shared interests, never-met pairs, people placed who sat out last time (31 bits; the top
// level, 450 pairs × SHARED_INTERESTS_CAP tags, below 2^13).
const NEVER = LEVEL;
const INTERESTS = LEVEL * NEVER;

/** A value below the level of people placed: `high` first, `low` breaks its ties. */
export interface Value {
  high: number;
  low: number;
}

export const ZERO: Readonly<Value> = { high: 0, low: 0 };

/** The people of a search: the problem, each person's chosen size, one-to-one trios allowed. */
export interface SearchSpace {
  p: Problem;
  choice: Uint8Array;
  /** How many trios of only one-to-one people one result may hold (the odd policy). */
  trioLimit: number;
}

/**
 * The value of a group of people (indices of `s.p`) below the level of people placed, or null
 * when the rules forbid it: a pair not allowed, someone two sizes from their choice, or a
 * one-to-one trio with none allowed.
 */
export function groupValue(s: SearchSpace, members: ArrayLike<number>): Value | null {
  const size = members.length;
  const { p, choice } = s;
  let high = 0;
  let low = 0;
  let oneToOne = size === 3;
  for (let i = 0; i < size; i++) {
    const a = members[i];
    const k = choice[a];
    if (!sizeFits(k, size)) return null;
    if (k !== size) high -= OTHER;
    if (k !== 2) oneToOne = false;
    low += p.satOut[a];
    for (let j = i + 1; j < size; j++) {
      const b = members[j];
      if (!allowed(p, a, b)) return null;
      if (p.dept[a] !== p.dept[b]) high += CROSS;
      high += sharedHours(p, a, b) * SHARED;
      low += sharedInterests(p, a, b) * INTERESTS;
      if (relation(p, a, b) === NEVER_MET) low += NEVER;
    }
  }
  if (oneToOne && s.trioLimit === 0) return null;
  if (!groupTimeAllowed(p, members)) return null;
  return { high, low };
}

/** The sum of two values. */
export const plus = (a: Value, b: Value): Value => ({ high: a.high + b.high, low: a.low + b.low });

/** Compares two values: positive when `a` is better, 0 when alike. */
export const compareValues = (a: Value, b: Value): number => a.high - b.high || a.low - b.low;

/** Does this group use the odd policy's one-to-one trio? */
export const usesOneToOneTrio = (s: SearchSpace, members: ArrayLike<number>): boolean =>
  isOneToOneTrio(Array.from(members, (v) => s.choice[v]));

/** Is (placed a, value a) better than (placed b, value b)? */
export const isBetter = (placedA: number, valueA: Value, placedB: number, valueB: Value) =>
  placedA > placedB || (placedA === placedB && compareValues(valueA, valueB) > 0);

/**
 * The most the people still undecided could add to a value: every level at its best. Both parts
 * at their best bound the value in the order of `compareValues`.
 */
export function valueBound(people: number): Value {
  const pairs = Math.floor(1.5 * people);
  return {
    high: pairs * (CROSS + SHARED_HOURS_CAP * SHARED),
    low: pairs * (SHARED_INTERESTS_CAP * INTERESTS + NEVER) + people,
  };
}

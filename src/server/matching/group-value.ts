/**
 * The objective of FORMAT.md as one number per group, so every part of the search (the exact
 * programme over subsets, the branch and bound, the exchanges) compares the same way. Levels,
 * lexicographic: people placed, fewest in a size other than their choice, cross-department pairs,
 * never-met pairs, people placed who sat out last time. Each level has LEVEL units of room, so
 * sums over up to 300 people keep the order (a person adds at most 1.5 pairs).
 */
import type { Problem } from "./problem";
import { allowed, groupTimeAllowed, NEVER_MET, relation } from "./problem";
import { isOneToOneTrio, sizeFits } from "./size-rules";

export const LEVEL = 512;
const OTHER = LEVEL ** 3;
const CROSS = LEVEL ** 2;
export const PLACED = LEVEL ** 4;

/** The people of a search: the problem, each person's chosen size, one-to-one trios allowed. */
export interface SearchSpace {
  p: Problem;
  choice: Uint8Array;
  /** How many trios of only one-to-one people one result may hold (the odd policy). */
  trioLimit: number;
}

/**
 * The value of a group of people (indices of `s.p`), or −Infinity when the rules forbid it: a
 * pair not allowed, someone two sizes from their choice, or a one-to-one trio with none allowed.
 */
export function groupValue(s: SearchSpace, members: ArrayLike<number>): number {
  const size = members.length;
  const { p, choice } = s;
  let value = size * PLACED;
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
      if (relation(p, a, b) === NEVER_MET) value += LEVEL;
    }
  }
  if (oneToOne && s.trioLimit === 0) return Number.NEGATIVE_INFINITY;
  if (!groupTimeAllowed(p, members)) return Number.NEGATIVE_INFINITY;
  return value;
}

/** Does this group use the odd policy's one-to-one trio? */
export const usesOneToOneTrio = (s: SearchSpace, members: ArrayLike<number>): boolean =>
  isOneToOneTrio(Array.from(members, (v) => s.choice[v]));

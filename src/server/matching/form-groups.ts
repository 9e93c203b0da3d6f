/**
 * Groups of 3 and 4 for the people who chose them (FORMAT.md, "Groups by choice"), in near-linear
 * time. The sizes come from `planSizes`; the groups are filled one at a time:
 *
 * - same-department people first, each group from one department (its same-department, then
 *   "any" people);
 * - then the others, like the pairs' greedy (README.md): each group starts in the department with
 *   the most people left and takes every further member from the largest department not yet in
 *   the group, so groups are as mixed as the departments allow and the large departments do not
 *   end up alone;
 * - every member must be allowed with every other (rules 2, 3 and 4); among the few candidates
 *   at the top of a stack, the most shared working time with the members first, then never met.
 *
 * Whoever fits no group is tried again with a fresh plan among the people left (up to ROUNDS
 * times); when a few are left, the exact search (exact-subsets.ts) places all it can.
 */

import { bestOfSubsets, SUBSET_LIMIT } from "./exact-subsets";
import { planSizes, type Slot } from "./group-plan";
import type { Problem } from "./problem";
import {
  ANY,
  allowed,
  CROSS,
  groupTimeAllowed,
  NEVER_MET,
  relation,
  SAME,
  sharedHours,
  sharedInterests,
} from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";
import { sizeFits } from "./size-rules";

/** Candidates tried per department stack, and departments tried per member. */
const SCAN = 8;
const DEPARTMENTS_TRIED = 4;
const ROUNDS = 3;
/** Up to this many people left over try to join the groups formed (a scan of all groups each). */
const JOIN_LIMIT = 200;

class Pools {
  /** stacks[(k * deptCount + d) * 3 + pref], k = 0 for choice 3, 1 for choice 4. */
  readonly stacks: number[][] = [];
  /** Cross-department and "any" people left per (k, d). */
  readonly cross: Int32Array;
  /** 1 while a person is in a stack. */
  readonly inPool: Uint8Array;
  constructor(
    readonly p: Problem,
    readonly choice: Uint8Array,
    people: number[],
  ) {
    for (let i = 0; i < 2 * p.deptCount * 3; i++) this.stacks.push([]);
    this.cross = new Int32Array(2 * p.deptCount);
    this.inPool = new Uint8Array(p.n);
    // "any" people below cross-department ones, so the latter are taken first.
    for (const pref of [SAME, ANY, CROSS]) {
      for (const v of people) if (p.pref[v] === pref) this.add(v);
    }
  }
  key(k: number, d: number): number {
    return (k === 4 ? 1 : 0) * this.p.deptCount + d;
  }
  stack(k: number, d: number, pref: number): number[] {
    return this.stacks[this.key(k, d) * 3 + pref];
  }
  add(v: number): void {
    const k = this.choice[v];
    const d = this.p.dept[v];
    this.stack(k, d, this.p.pref[v]).push(v);
    this.inPool[v] = 1;
    if (this.p.pref[v] !== SAME) this.cross[this.key(k, d)]++;
  }
  take(v: number): void {
    const k = this.choice[v];
    const d = this.p.dept[v];
    const s = this.stack(k, d, this.p.pref[v]);
    s.splice(s.lastIndexOf(v), 1);
    this.inPool[v] = 0;
    if (this.p.pref[v] !== SAME) this.cross[this.key(k, d)]--;
  }
}

/** The slots still to fill, by composition; a person takes one of their own size first. */
class SlotBag {
  private readonly bag = new Map<string, { slot: Slot; count: number }>();
  constructor(slots: Slot[]) {
    for (const slot of slots) this.put(slot);
  }
  put(slot: Slot): void {
    const key = slot.join();
    const entry = this.bag.get(key);
    if (entry) entry.count++;
    else this.bag.set(key, { slot, count: 1 });
  }
  take(k: number): Slot | null {
    let pick: { slot: Slot; count: number } | null = null;
    for (const entry of this.bag.values()) {
      if (entry.count === 0 || !entry.slot.includes(k)) continue;
      const pure = entry.slot.length === k && entry.slot.every((c) => c === k);
      if (pure || pick === null) pick = entry;
      if (pure) break;
    }
    if (pick === null) return null;
    pick.count--;
    return pick.slot;
  }
}

function allowedWithAll(p: Problem, v: number, members: number[]): boolean {
  for (const m of members) if (!allowed(p, v, m)) return false;
  return groupTimeAllowed(p, [...members, v]);
}

function neverMetAll(p: Problem, v: number, members: number[]): boolean {
  for (const m of members) if (relation(p, v, m) !== NEVER_MET) return false;
  return true;
}

function hasDept(p: Problem, members: number[], d: number): boolean {
  for (const m of members) if (p.dept[m] === d) return true;
  return false;
}

/** More than the shared tags a candidate can have with three members (3 × 10). */
const TAG_ROOM = 32;

/**
 * The best allowed candidate from the top of a stack, or −1: with zones the most shared working
 * hours with the members first (objective level 3), then the most shared interest tags (level
 * 4), then never met.
 */
function fromStack(p: Problem, stack: number[], members: number[]): number {
  let best = -1;
  let bestScore = -1;
  const ranked = p.schedules !== null || p.interests !== null;
  for (let i = stack.length - 1; i >= 0 && i >= stack.length - SCAN; i--) {
    const v = stack[i];
    if (!allowedWithAll(p, v, members)) continue;
    let hours = 0;
    let tags = 0;
    for (const m of members) {
      hours += sharedHours(p, v, m);
      tags += sharedInterests(p, v, m);
    }
    const score = 2 * (hours * TAG_ROOM + tags) + (neverMetAll(p, v, members) ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
      if (!ranked && score === 1) break;
    }
  }
  return best;
}

/**
 * A member of choice k for a group of `size`: from the same department for a same-department
 * group, else from the largest department not yet in the group.
 */
function pickMember(pools: Pools, k: number, members: number[], size: number): number {
  const { p } = pools;
  const d0 = p.dept[members[0]];
  if (members.some((m) => p.pref[m] === SAME)) {
    // Same-department people have only their department: a colleague who chose the other size
    // (nearest size for them) rather than nobody.
    for (const c of [k, 7 - k]) {
      if (!sizeFits(c, size)) continue;
      const v = fromStack(p, pools.stack(c, d0, SAME), members);
      const a = v >= 0 ? v : fromStack(p, pools.stack(c, d0, ANY), members);
      if (a >= 0) return a;
    }
    return -1;
  }
  const tried: number[] = [];
  const base = pools.key(k, 0);
  for (let attempt = 0; attempt < DEPARTMENTS_TRIED; attempt++) {
    let best = -1;
    let bestLeft = 0;
    for (let d = 0; d < p.deptCount; d++) {
      const left = pools.cross[base + d];
      // The cheap test first: most departments are smaller than the best so far.
      if (left <= bestLeft || tried.includes(d) || hasDept(p, members, d)) continue;
      best = d;
      bestLeft = left;
    }
    if (best < 0) break;
    tried.push(best);
    const v = fromStack(p, pools.stack(k, best, CROSS), members);
    if (v >= 0) return v;
    const a = fromStack(p, pools.stack(k, best, ANY), members);
    if (a >= 0) return a;
  }
  // Every department is in the group already: an "any" colleague of an "any" member may join.
  for (const m of members) {
    const a = fromStack(p, pools.stack(k, p.dept[m], ANY), members);
    if (a >= 0) return a;
  }
  return -1;
}

/** Fills one slot around `seed`; the members, or null (and the pools unchanged) when it fails. */
function fillSlot(pools: Pools, slot: Slot, seed: number): number[] | null {
  const rest = slot.slice();
  rest.splice(rest.indexOf(pools.choice[seed]), 1);
  const members = [seed];
  for (const k of rest) {
    const v = pickMember(pools, k, members, slot.length);
    if (v < 0) {
      for (const m of members.slice(1)) pools.add(m);
      return null;
    }
    pools.take(v);
    members.push(v);
  }
  return members;
}

/**
 * A same-department person whose planned group could not be filled: a group of the nearest other
 * size from their department's people left, while those are still there (the plan then has a
 * group to spare, and placing someone wins over their size).
 */
function nearestSizeGroup(pools: Pools, seed: number): number[] | null {
  for (const size of pools.choice[seed] === 3 ? [4, 2] : [3]) {
    const members = fillSlot(pools, new Array<number>(size).fill(pools.choice[seed]), seed);
    if (members) return members;
  }
  return null;
}

/** Next group's first member: same-department people first, then the largest department's. */
function nextSeed(pools: Pools, sameOrder: number[], cursor: { at: number }): number {
  const { p } = pools;
  while (cursor.at < sameOrder.length) {
    const v = sameOrder[cursor.at++];
    if (pools.inPool[v]) return v;
  }
  let best = -1;
  for (let key = 0; key < pools.cross.length; key++) {
    if (pools.cross[key] > (best < 0 ? 0 : pools.cross[best])) best = key;
  }
  if (best < 0) return -1;
  const k = best >= p.deptCount ? 4 : 3;
  const d = best % p.deptCount;
  const c = pools.stack(k, d, CROSS);
  return c.length > 0 ? c[c.length - 1] : (pools.stack(k, d, ANY).at(-1) ?? -1);
}

/** One round: plan the sizes of `people` and fill them; answers the groups and who is left. */
function formRound(p: Problem, choice: Uint8Array, people: number[], groups: number[][]): number[] {
  let n3 = 0;
  for (const v of people) if (choice[v] === 3) n3++;
  const bag = new SlotBag(planSizes(n3, people.length - n3).slots);
  const pools = new Pools(p, choice, people);
  const sameOrder = people.filter((v) => p.pref[v] === SAME);
  sameOrder.sort((a, b) => p.dept[a] - p.dept[b]);
  const cursor = { at: 0 };
  const left: number[] = [];
  for (;;) {
    const seed = nextSeed(pools, sameOrder, cursor);
    if (seed < 0) break;
    pools.take(seed);
    const slot = bag.take(choice[seed]);
    let members = slot ? fillSlot(pools, slot, seed) : null;
    if (!members && slot) bag.put(slot);
    if (!members && p.pref[seed] === SAME) members = nearestSizeGroup(pools, seed);
    if (members) groups.push(members);
    else left.push(seed);
  }
  return left;
}

/** Whether every member of a group of `size` is in their chosen size or the nearest one. */
function fitAll(choice: Uint8Array, members: number[], size: number): boolean {
  for (const v of members) if (!sizeFits(choice[v], size)) return false;
  return true;
}

/**
 * The people no plan placed: each forms a group with others left (its own size if it can, else
 * the nearest), or joins a group that stays within everyone's nearest size. Placing someone wins
 * over keeping them in their chosen size (FORMAT.md).
 */
function mopUp(p: Problem, choice: Uint8Array, left: number[], groups: number[][]): number[] {
  const out = new Uint8Array(p.n);
  for (const v of left) out[v] = 1;
  const collect = (x: number, size: number): number[] | null => {
    const members = [x];
    for (const y of left) {
      if (members.length === size) break;
      if (out[y] && y !== x && sizeFits(choice[y], size) && allowedWithAll(p, y, members)) {
        members.push(y);
      }
    }
    return members.length === size ? members : null;
  };
  for (const x of left) {
    if (!out[x]) continue;
    for (const size of choice[x] === 3 ? [3, 4, 2] : [4, 3]) {
      const members = collect(x, size);
      if (!members) continue;
      for (const v of members) out[v] = 0;
      groups.push(members);
      break;
    }
  }
  const still = left.filter((v) => out[v]);
  if (still.length > JOIN_LIMIT) return still;
  return still.filter((x) => {
    const g = groups.find(
      (m) => m.length < 4 && fitAll(choice, [...m, x], m.length + 1) && allowedWithAll(p, x, m),
    );
    if (g) g.push(x);
    return !g;
  });
}

/** Groups (as people of `p`) for everyone in `people`; who fits none stays out of them. */
export function formGroups(p: Problem, choice: Uint8Array, people: number[], rng: Rng): number[][] {
  const groups: number[][] = [];
  let left = people.slice();
  shuffleInPlace(left, rng);
  for (let round = 0; round < ROUNDS && left.length > SUBSET_LIMIT; round++) {
    const before = left.length;
    left = formRound(p, choice, left, groups);
    if (left.length === before) break;
  }
  if (left.length > SUBSET_LIMIT) left = mopUp(p, choice, left, groups);
  // A few people left: the exact search places every one the rules allow.
  if (left.length <= SUBSET_LIMIT)
    groups.push(...bestOfSubsets({ p, choice, trioLimit: 0 }, left, 0).groups);
  return groups;
}

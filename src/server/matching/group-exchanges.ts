/**
 * Augmenting exchanges for the monthly search (README.md): each person left out tries to be placed
 * by rearranging the few people around them. The people they may meet are found (everyone on
 * instances up to SCAN_ALL people, else their own department's buckets and a seeded sample); then,
 * until one places more people than before, the exact programme over subsets (exact-subsets.ts)
 * rearranges the person with
 *   1. others left out they may meet (a new group),
 *   2. one group holding someone they may meet (joining it, or splitting it so both fit),
 *   3. two such groups together (someone of the first moves to the second, the person takes their
 *      place, or both regroup).
 * When none does, an augmenting chain: the best rearrangement that places the person and leaves
 * out one or two others, each of whom is then placed by a direct rearrangement elsewhere, with the
 * other one left out if there are two (kept only
 * when more people are placed in the end, else rolled back). The number placed only grows;
 * whoever a rearrangement leaves out tries again later.
 */
import type { Buckets } from "./buckets";
import { bestOfSubsets } from "./exact-subsets";
import { type SearchSpace, usesOneToOneTrio } from "./group-value";
import { ANY, allowed, CROSS, SAME } from "./problem";
import type { Rng } from "./rng";

/** Up to this many people, everyone is looked at for a person's neighbours. */
const SCAN_ALL = 3_000;
/** Above it: people of the own department's buckets, and random others, looked at. */
const SAMPLE = 240;
/** Groups tried alone, and the first of them tried two at a time. */
const GROUPS_ALONE = 24;
const GROUPS_TOGETHER = 10;
const FREE_TAKEN = 3;
/** A chain's first rearrangement leaves out at most this many; this many are tried per person. */
const CHAIN_LEFT = 2;
const CHAIN_TRIALS = 20;
/**
 * Exact rearrangements per run: 3,000 plus one per 10 people, so people nobody can take (often
 * the same-department people of a small department) cannot make a run slow.
 */
const rearrangementBudget = (n: number) => 3_000 + Math.floor(n / 10);

type Change = { at: number; members: number[] | null };

/** A result under construction: who is in which group (−1: left out), with an undo log. */
export class Grouping {
  readonly groupOf: Int32Array;
  readonly groups: number[][] = [];
  oneToOneTrios = 0;
  placed = 0;
  /** Exact rearrangements left to try. */
  budget: number;
  /** Groups added (members null) and removed (their members) since the log began. */
  private readonly log: Change[] = [];

  constructor(
    readonly s: SearchSpace,
    groups: number[][],
  ) {
    this.groupOf = new Int32Array(s.p.n).fill(-1);
    this.budget = rearrangementBudget(s.p.n);
    for (const g of groups) this.add(g);
  }

  add(members: number[]): void {
    const at = this.groups.push([]) - 1;
    this.fill(at, members);
    this.log.push({ at, members: null });
  }

  remove(at: number): void {
    const members = this.groups[at];
    this.fill(at, []);
    this.log.push({ at, members });
  }

  private fill(at: number, members: number[]): void {
    const old = this.groups[at];
    for (const v of old) this.groupOf[v] = -1;
    this.placed += members.length - old.length;
    this.oneToOneTrios +=
      (usesOneToOneTrio(this.s, members) ? 1 : 0) - (usesOneToOneTrio(this.s, old) ? 1 : 0);
    for (const v of members) this.groupOf[v] = at;
    this.groups[at] = members;
  }

  /** A point to roll back to. */
  mark(): number {
    return this.log.length;
  }

  /** Undoes every change since `mark`. */
  rollback(mark: number): void {
    while (this.log.length > mark) {
      const change = this.log.pop() as Change;
      this.fill(change.at, change.members ?? []);
    }
  }

  /** The groups formed, without the emptied ones. */
  list(): number[][] {
    return this.groups.filter((g) => g.length > 0);
  }
}

/** The people `u` may meet: everyone on small instances, else a sample around them. */
function neighbours(g: Grouping, b: Buckets, u: number, rng: Rng): number[] {
  const { p } = g.s;
  const out: number[] = [];
  if (p.n <= SCAN_ALL) {
    for (let v = 0; v < p.n; v++) if (allowed(p, u, v)) out.push(v);
    return out;
  }
  const seen = new Set<number>();
  const look = (v: number) => {
    if (seen.has(v)) return;
    seen.add(v);
    if (allowed(p, u, v)) out.push(v);
  };
  if (p.pref[u] !== CROSS) {
    for (const pref of [SAME, ANY]) {
      const k = p.dept[u] * 3 + pref;
      const size = b.start[k + 1] - b.start[k];
      const from = rng.below(size);
      for (let i = 0; i < Math.min(size, SAMPLE); i++)
        look(b.members[b.start[k] + ((from + i) % size)]);
    }
  }
  if (p.pref[u] !== SAME) for (let i = 0; i < SAMPLE; i++) look(rng.below(p.n));
  return out;
}

/**
 * Rearranges `u`, the people left out in `free` and the groups `around` exactly. "more": applies
 * the rearrangement when it places more people than before; "chain": the best one placing `u`,
 * applied when it leaves out at most CHAIN_LEFT others, who must then be placed elsewhere (the
 * caller rolls back otherwise). Returns who it left out, or null when nothing was applied.
 */
function tryRearrange(
  g: Grouping,
  u: number,
  free: number[],
  around: number[],
  mode: "more" | "chain",
): number[] | null {
  if (g.budget-- <= 0) return null;
  const people = [u, ...free];
  let before = 0;
  let trios = g.s.trioLimit - g.oneToOneTrios;
  for (const at of around) {
    people.push(...g.groups[at]);
    before += g.groups[at].length;
    if (usesOneToOneTrio(g.s, g.groups[at])) trios++;
  }
  const best = bestOfSubsets(g.s, people, Math.min(1, trios), mode === "chain");
  if (best.value === null) return null;
  if (mode === "more" ? best.placed <= before : people.length - best.placed > CHAIN_LEFT)
    return null;
  for (const at of around) g.remove(at);
  for (const group of best.groups) g.add(group);
  return people.filter((v) => g.groupOf[v] === -1);
}

interface Around {
  free: number[];
  /** Groups holding someone `u` may meet. */
  groups: number[];
}

function around(g: Grouping, b: Buckets, u: number, rng: Rng): Around | null {
  const near = neighbours(g, b, u, rng);
  if (near.length === 0) return null;
  const free = near.filter((v) => g.groupOf[v] === -1).slice(0, FREE_TAKEN);
  const groups = [...new Set(near.map((v) => g.groupOf[v]).filter((at) => at >= 0))];
  return { free, groups: groups.slice(0, GROUPS_ALONE) };
}

/** The groups to rearrange with `u`: each alone, then the first ones two at a time. */
function* trials(a: Around): Generator<[number[], number[]]> {
  if (a.free.length > 0) yield [a.free, []];
  for (const at of a.groups) yield [a.free.slice(0, 2), [at]];
  const together = a.groups.slice(0, GROUPS_TOGETHER);
  for (let i = 0; i < together.length; i++)
    for (let j = i + 1; j < together.length; j++) yield [[], [together[i], together[j]]];
}

/** One person left out: the first rearrangement that places more people, if any. */
function placeDirectly(g: Grouping, a: Around, u: number): number[] | null {
  for (const [free, groups] of trials(a)) {
    const left = tryRearrange(g, u, free, groups, "more");
    if (left) return left;
  }
  return null;
}

/**
 * One person left out, placed by an augmenting chain: a rearrangement places them and leaves out
 * one or two others, each of whom a direct rearrangement elsewhere then places. Kept only when
 * more people are placed in the end.
 */
function placeByChain(g: Grouping, b: Buckets, a: Around, u: number, rng: Rng): number[] | null {
  const start = g.placed;
  let tried = 0;
  for (const [free, groups] of trials(a)) {
    if (++tried > CHAIN_TRIALS) break;
    const mark = g.mark();
    const left = tryRearrange(g, u, free, groups, "chain");
    if (!left) continue;
    const still: number[] = [];
    for (const w of left) {
      const next = g.groupOf[w] === -1 ? around(g, b, w, rng) : null;
      // The others left out come along (two left out together may fill a pair of pairs); the
      // group that placed `u` stays as it is.
      if (next) {
        const others = left.filter((x) => x !== w && g.groupOf[x] === -1);
        next.free = [...new Set([...others, ...next.free])].slice(0, FREE_TAKEN);
        next.groups = next.groups.filter((at) => at !== g.groupOf[u]);
      }
      const more = next ? placeDirectly(g, next, w) : null;
      if (more) still.push(...more);
      else if (g.groupOf[w] === -1) still.push(w);
    }
    if (g.placed > start) return still;
    g.rollback(mark);
  }
  return null;
}

/**
 * Places by exchanges whoever is left out of `g` (in `order`, drawn from the seed). Returns the
 * number of rearrangements made.
 */
export function exchangeLeftOut(g: Grouping, b: Buckets, order: number[], rng: Rng): number {
  const queue = order.filter((v) => g.groupOf[v] === -1);
  const tries = new Uint8Array(g.s.p.n);
  let made = 0;
  for (let i = 0; i < queue.length && g.budget > 0; i++) {
    const u = queue[i];
    if (g.groupOf[u] !== -1 || tries[u] >= 2) continue;
    tries[u]++;
    const a = around(g, b, u, rng);
    if (!a) continue;
    const left = placeDirectly(g, a, u) ?? placeByChain(g, b, a, u, rng);
    if (!left) continue;
    made++;
    queue.push(...left);
  }
  return made;
}

/**
 * The exact search over everyone for instances beyond the programme over subsets: a branch and
 * bound on the people in a seeded order. At each node the first undecided person either forms a
 * group of 2–4 with undecided people (every group the rules allow, best value first) or stays out.
 * The bound on the people the undecided can still place, kept up to date as people are decided:
 * the count A of undecided people with enough undecided people they may meet (two for someone who
 * chose 4), and, since every placement is a matching plus one extra person per trio (a four is two
 * pairs), at most 2⌊A/2⌋ + the trios possible (one per undecided person who chose 3 or 4, plus the
 * one-to-one trio the odd policy may still allow).
 *
 * Two passes from the start the caller found: the first proves (or improves) the most people
 * placed, the second, with that number fixed, the lower levels of the objective. Each pass stops
 * after `budget` nodes, keeping the best found, and says whether it finished.
 */
import {
  compareValues,
  groupValue,
  isBetter,
  plus,
  type SearchSpace,
  usesOneToOneTrio,
  type Value,
  valueBound,
  ZERO,
} from "./group-value";
import { allowed } from "./problem";

export interface Incumbent {
  groups: number[][];
  placed: number;
  value: Value;
}

export interface BranchAndBoundResult extends Incumbent {
  /** The most people placed is proven (the first pass finished). */
  placedProven: boolean;
  /** The whole objective is proven (both passes finished). */
  optimal: boolean;
  nodes: number;
}

class Search {
  readonly n: number;
  readonly free: Uint8Array;
  readonly nbr: Int32Array[];
  readonly freeDeg: Int32Array;
  readonly need: Uint8Array;
  placeable = 0;
  freeGroupChoosers = 0;
  trios: number;
  nodes = 0;
  best: Incumbent;
  readonly chosen: number[][] = [];

  constructor(
    readonly s: SearchSpace,
    readonly order: number[],
    start: Incumbent,
  ) {
    const n = s.p.n;
    this.n = n;
    this.free = new Uint8Array(n).fill(1);
    this.need = Uint8Array.from(s.choice, (k) => (k === 4 ? 2 : 1));
    this.nbr = Array.from({ length: n }, () => new Int32Array(0));
    const lists: number[][] = Array.from({ length: n }, () => []);
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++)
        if (allowed(s.p, a, b)) {
          lists[a].push(b);
          lists[b].push(a);
        }
    this.freeDeg = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      this.nbr[v] = Int32Array.from(lists[v]);
      this.freeDeg[v] = lists[v].length;
      if (this.freeDeg[v] >= this.need[v]) this.placeable++;
      if (s.choice[v] !== 2) this.freeGroupChoosers++;
    }
    this.trios = s.trioLimit;
    this.best = {
      groups: start.groups.map((g) => g.slice()),
      placed: start.placed,
      value: start.value,
    };
  }

  /** The most people the undecided can still place. */
  bound(): number {
    const a = this.placeable;
    return Math.min(a, 2 * (a >> 1) + this.freeGroupChoosers + this.trios);
  }

  take(v: number): void {
    this.free[v] = 0;
    if (this.freeDeg[v] >= this.need[v]) this.placeable--;
    if (this.s.choice[v] !== 2) this.freeGroupChoosers--;
    for (const u of this.nbr[v]) {
      if (!this.free[u]) continue;
      if (this.freeDeg[u] === this.need[u]) this.placeable--;
      this.freeDeg[u]--;
    }
  }

  give(v: number): void {
    for (const u of this.nbr[v]) {
      if (!this.free[u]) continue;
      this.freeDeg[u]++;
      if (this.freeDeg[u] === this.need[u]) this.placeable++;
    }
    if (this.s.choice[v] !== 2) this.freeGroupChoosers++;
    if (this.freeDeg[v] >= this.need[v]) this.placeable++;
    this.free[v] = 1;
  }

  /** Every group of the first undecided person `v` with undecided people, best first. */
  groupsOf(v: number): Array<{ members: number[]; value: Value }> {
    const near = Array.from(this.nbr[v]).filter((u) => this.free[u]);
    const out: Array<{ members: number[]; value: Value }> = [];
    const consider = (members: number[]) => {
      const value = groupValue(this.s, members);
      if (value === null) return;
      if (usesOneToOneTrio(this.s, members) && this.trios === 0) return;
      out.push({ members, value });
    };
    const ok = (a: number, b: number) => allowed(this.s.p, a, b);
    for (let i = 0; i < near.length; i++) {
      consider([v, near[i]]);
      for (let j = i + 1; j < near.length; j++) {
        if (!ok(near[i], near[j])) continue;
        consider([v, near[i], near[j]]);
        for (let k = j + 1; k < near.length; k++)
          if (ok(near[i], near[k]) && ok(near[j], near[k]))
            consider([v, near[i], near[j], near[k]]);
      }
    }
    return out.sort(
      (x, y) => y.members.length - x.members.length || compareValues(y.value, x.value),
    );
  }

  /** Pass 1 (`lower` false): most placed; pass 2: best value with at least best.placed placed. */
  run(at: number, placed: number, value: Value, lower: boolean, budget: number): boolean {
    if (++this.nodes > budget) return false;
    let i = at;
    while (i < this.order.length && !this.free[this.order[i]]) i++;
    const rest = this.bound();
    if (i === this.order.length || rest === 0) {
      const better = lower
        ? isBetter(placed, value, this.best.placed, this.best.value)
        : placed > this.best.placed;
      if (better) this.best = { groups: this.chosen.map((g) => g.slice()), placed, value };
      return true;
    }
    if (!lower && placed + rest <= this.best.placed) return true;
    if (lower) {
      if (placed + rest < this.best.placed) return true;
      // The first pass proved best.placed the most, so only its value can still be beaten.
      if (compareValues(plus(value, valueBound(rest)), this.best.value) <= 0) return true;
    }
    const v = this.order[i];
    for (const { members, value: gain } of this.groupsOf(v)) {
      const trio = usesOneToOneTrio(this.s, members) ? 1 : 0;
      for (const m of members) this.take(m);
      this.trios -= trio;
      this.chosen.push(members);
      const done = this.run(i + 1, placed + members.length, plus(value, gain), lower, budget);
      this.chosen.pop();
      this.trios += trio;
      for (let k = members.length - 1; k >= 0; k--) this.give(members[k]);
      if (!done) return false;
    }
    this.take(v);
    const done = this.run(i + 1, placed, value, lower, budget);
    this.give(v);
    return done;
  }
}

/**
 * The best groups of everyone in `s`, searched in `order` (the seeded order of the people) from
 * the `start` the caller found; each pass looks at most `budget` nodes.
 */
export function branchAndBound(
  s: SearchSpace,
  order: number[],
  start: Incumbent,
  budget: number,
): BranchAndBoundResult {
  const search = new Search(s, order, start);
  const placedProven = search.run(0, 0, ZERO, false, budget);
  let optimal = false;
  if (placedProven) {
    search.nodes = 0;
    optimal = search.run(0, 0, ZERO, true, budget);
  }
  return { ...search.best, placedProven, optimal, nodes: search.nodes };
}

/**
 * People grouped by (department, preference): bucket k = dept * 3 + pref. Inside a preference
 * class the allowed graph is nearly complete, so the algorithms enumerate neighbours bucket by
 * bucket (S: own S and A buckets; C: C and A buckets of other departments; A: both) and skip the
 * few blocked pairs, instead of listing edges.
 */
import type { Problem } from "./problem";
import { SAME } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

export interface Buckets {
  count: number;
  /** members[start[k] .. start[k + 1]) are the people of bucket k, in seeded random order. */
  start: Int32Array;
  members: Int32Array;
}

export function bucketOf(p: Problem, v: number): number {
  return p.dept[v] * 3 + p.pref[v];
}

export function buildBuckets(p: Problem, rng: Rng): Buckets {
  const count = p.deptCount * 3;
  const start = new Int32Array(count + 1);
  for (let v = 0; v < p.n; v++) start[bucketOf(p, v) + 1]++;
  for (let k = 0; k < count; k++) start[k + 1] += start[k];
  const order = new Int32Array(p.n);
  for (let i = 0; i < p.n; i++) order[i] = i;
  shuffleInPlace(order, rng);
  const fill = start.slice(0, count);
  const members = new Int32Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const v = order[i];
    members[fill[bucketOf(p, v)]++] = v;
  }
  return { count, start, members };
}

/** Whether bucket k holds cross-capable people (cross-department or any). */
export function isCrossCapable(k: number): boolean {
  return k % 3 !== SAME;
}

/** A set of small integers with O(1) add, remove and membership, iterable as `items`. */
export class IndexedSet {
  readonly items: number[] = [];
  private readonly at: Int32Array;
  constructor(universe: number) {
    this.at = new Int32Array(universe).fill(-1);
  }
  has(k: number): boolean {
    return this.at[k] >= 0;
  }
  add(k: number): void {
    if (this.at[k] >= 0) return;
    this.at[k] = this.items.length;
    this.items.push(k);
  }
  remove(k: number): void {
    const i = this.at[k];
    if (i < 0) return;
    const last = this.items.pop()!;
    if (last !== k) {
      this.items[i] = last;
      this.at[last] = i;
    }
    this.at[k] = -1;
  }
  clear(): void {
    for (const k of this.items) this.at[k] = -1;
    this.items.length = 0;
  }
}

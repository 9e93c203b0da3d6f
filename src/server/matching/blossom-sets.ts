/**
 * Blossom bookkeeping for BlossomSearch: a union–find over the vertices of the current tree
 * (each set is a shrunken blossom, with its base vertex) and a registry of its outer vertices,
 * kept per (bucket, blossom) as linked lists with counts, so "is there an outer vertex in
 * bucket k outside blossom s?" is answered from counts, and blossoms merge small-into-large.
 */

import { bucketOf, IndexedSet, isCrossCapable } from "./buckets";
import type { Problem } from "./problem";

interface OuterList {
  head: number;
  tail: number;
  size: number;
}

export class BlossomSets {
  private readonly uf: Int32Array;
  private readonly base: Int32Array;
  /** Outer cross-capable vertices per set. */
  private readonly setCA: Int32Array;
  /** Buckets where a set has outer vertices. */
  private readonly setBuckets: (number[] | undefined)[];
  private readonly next: Int32Array;
  private readonly outerSets: (Map<number, OuterList> | undefined)[];
  private readonly outerCount: Int32Array;
  /** Cross-capable buckets that hold outer vertices. */
  readonly activeCA: IndexedSet;
  private readonly touched: IndexedSet;
  private totalCA = 0;

  constructor(
    private readonly p: Problem,
    bucketCount: number,
  ) {
    const n = p.n;
    this.uf = new Int32Array(n);
    this.base = new Int32Array(n);
    for (let v = 0; v < n; v++) this.uf[v] = this.base[v] = v;
    this.setCA = new Int32Array(n);
    this.setBuckets = new Array(n);
    this.next = new Int32Array(n).fill(-1);
    this.outerSets = new Array(bucketCount);
    this.outerCount = new Int32Array(bucketCount);
    this.activeCA = new IndexedSet(bucketCount);
    this.touched = new IndexedSet(bucketCount);
  }

  find(x: number): number {
    let v = x;
    while (this.uf[v] !== v) {
      this.uf[v] = this.uf[this.uf[v]];
      v = this.uf[v];
    }
    return v;
  }

  baseOf(x: number): number {
    return this.base[this.find(x)];
  }

  setBase(root: number, base: number): void {
    this.base[root] = base;
  }

  /** Registers x (already in its final set) as an outer vertex. */
  addOuter(x: number): void {
    const s = this.find(x);
    const k = bucketOf(this.p, x);
    let map = this.outerSets[k];
    if (map === undefined) {
      map = new Map();
      this.outerSets[k] = map;
      this.touched.add(k);
    }
    const list = map.get(s);
    this.next[x] = -1;
    if (list === undefined) {
      map.set(s, { head: x, tail: x, size: 1 });
      const sb = this.setBuckets[s];
      if (sb === undefined) this.setBuckets[s] = [k];
      else sb.push(k);
    } else {
      this.next[list.tail] = x;
      list.tail = x;
      list.size++;
    }
    this.outerCount[k]++;
    if (isCrossCapable(k)) {
      this.setCA[s]++;
      this.totalCA++;
      this.activeCA.add(k);
    }
  }

  /** Unites sets a and b (roots), the smaller registry into the larger; returns the new root. */
  union(a: number, b: number): number {
    const big = (this.setBuckets[a]?.length ?? 0) >= (this.setBuckets[b]?.length ?? 0) ? a : b;
    const small = big === a ? b : a;
    for (const k of this.setBuckets[small] ?? []) {
      const map = this.outerSets[k]!;
      const moving = map.get(small)!;
      map.delete(small);
      const staying = map.get(big);
      if (staying === undefined) {
        map.set(big, moving);
        const sb = this.setBuckets[big];
        if (sb === undefined) this.setBuckets[big] = [k];
        else sb.push(k);
      } else {
        this.next[staying.tail] = moving.head;
        staying.tail = moving.tail;
        staying.size += moving.size;
      }
    }
    this.setBuckets[small] = undefined;
    this.setCA[big] += this.setCA[small];
    this.uf[small] = big;
    return big;
  }

  private sizeIn(s: number, k: number): number {
    return this.outerSets[k]?.get(s)?.size ?? 0;
  }

  /** Outer vertices that are cross-capable, outside department d and outside set s. */
  crossOuterElsewhere(s: number, d: number): number {
    const inDept = this.outerCount[d * 3 + 1] + this.outerCount[d * 3 + 2];
    const sInDept = this.sizeIn(s, d * 3 + 1) + this.sizeIn(s, d * 3 + 2);
    return this.totalCA - inDept - (this.setCA[s] - sInDept);
  }

  /** An outer vertex of bucket k outside set s for which usable(x) holds, or -1. */
  outerIn(s: number, k: number, usable: (x: number) => boolean): number {
    if (this.outerCount[k] - this.sizeIn(s, k) <= 0) return -1;
    for (const [t, list] of this.outerSets[k]!) {
      if (t === s) continue;
      for (let x = list.head; x !== -1; x = this.next[x]) if (usable(x)) return x;
    }
    return -1;
  }

  /** Forgets the sets of the given vertices and every registry entry. */
  reset(vertices: readonly number[]): void {
    for (const v of vertices) {
      this.uf[v] = this.base[v] = v;
      this.setCA[v] = 0;
      this.setBuckets[v] = undefined;
      this.next[v] = -1;
    }
    for (const k of this.touched.items) {
      this.outerSets[k] = undefined;
      this.outerCount[k] = 0;
    }
    this.touched.clear();
    this.activeCA.clear();
    this.totalCA = 0;
  }
}

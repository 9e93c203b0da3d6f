/**
 * Per-bucket bookkeeping for alternating-tree searches on the implicit graph. Each bucket's slice
 * of `members` is kept partitioned as
 *
 *   [ exposed alive | matched, not yet reached | matched, reached this search | dead ]
 *   start           eEnd                       uEnd                           aEnd
 *
 * so a search enumerates "unreached neighbours" by walking [eEnd, uEnd) of the compatible buckets
 * and each reached vertex leaves that range in O(1). Dead vertices belong to Hungarian trees of
 * failed searches and never take part again.
 */
import type { Buckets } from "./buckets";
import { bucketOf, IndexedSet, isCrossCapable } from "./buckets";
import type { Problem } from "./problem";

export class SearchRegions {
  readonly members: Int32Array;
  readonly pos: Int32Array;
  readonly start: Int32Array;
  readonly eEnd: Int32Array;
  readonly uEnd: Int32Array;
  readonly aEnd: Int32Array;
  /** Cross-capable buckets with at least one exposed alive person. */
  readonly caExposed: IndexedSet;
  /** Cross-capable buckets with at least one matched person not reached by the current search. */
  readonly caUnreached: IndexedSet;
  private readonly touched: IndexedSet;
  aliveExposed = 0;

  constructor(
    private readonly p: Problem,
    b: Buckets,
    mate: Int32Array,
    alive?: Uint8Array,
  ) {
    this.members = new Int32Array(p.n);
    this.pos = new Int32Array(p.n);
    this.start = b.start;
    this.eEnd = new Int32Array(b.count);
    this.uEnd = new Int32Array(b.count);
    this.aEnd = new Int32Array(b.count);
    this.caExposed = new IndexedSet(b.count);
    this.caUnreached = new IndexedSet(b.count);
    this.touched = new IndexedSet(b.count);
    for (let k = 0; k < b.count; k++) {
      // Order each bucket: exposed first, then matched, then dead.
      let w = b.start[k];
      for (let pass = 0; pass < 3; pass++) {
        for (let i = b.start[k]; i < b.start[k + 1]; i++) {
          const v = b.members[i];
          const isAlive = alive === undefined || alive[v] === 1;
          const cls = !isAlive ? 2 : mate[v] === -1 ? 0 : 1;
          if (cls !== pass) continue;
          this.members[w] = v;
          this.pos[v] = w++;
        }
        if (pass === 0) this.eEnd[k] = w;
        if (pass === 1) this.aEnd[k] = this.uEnd[k] = w;
      }
      this.aliveExposed += this.eEnd[k] - b.start[k];
      this.refreshLists(k);
    }
  }

  private swap(i: number, j: number): void {
    const a = this.members[i];
    const c = this.members[j];
    this.members[i] = c;
    this.members[j] = a;
    this.pos[c] = i;
    this.pos[a] = j;
  }

  private refreshLists(k: number): void {
    if (!isCrossCapable(k)) return;
    if (this.eEnd[k] > this.start[k]) this.caExposed.add(k);
    else this.caExposed.remove(k);
    if (this.uEnd[k] > this.eEnd[k]) this.caUnreached.add(k);
    else this.caUnreached.remove(k);
  }

  /** A matched vertex is reached by the search: it leaves the unreached range of its bucket. */
  markReached(v: number): void {
    const k = bucketOf(this.p, v);
    this.swap(this.pos[v], this.uEnd[k] - 1);
    this.uEnd[k]--;
    this.touched.add(k);
    if (this.uEnd[k] === this.eEnd[k]) this.caUnreached.remove(k);
  }

  /** Moves v to the last slot of the still-unreached range of its bucket (scan bookkeeping). */
  moveTo(v: number, index: number): void {
    this.swap(this.pos[v], index);
  }

  /** Ends a search: every alive matched vertex is unreached again. */
  resetSearch(): void {
    for (const k of this.touched.items) {
      this.uEnd[k] = this.aEnd[k];
      this.refreshLists(k);
    }
    this.touched.clear();
  }

  /** An exposed vertex got matched (after an augmentation). Call between searches. */
  setMatched(v: number): void {
    const k = bucketOf(this.p, v);
    if (this.pos[v] >= this.eEnd[k]) return;
    this.swap(this.pos[v], this.eEnd[k] - 1);
    this.eEnd[k]--;
    this.aliveExposed--;
    this.refreshLists(k);
  }

  /** Removes v for good (it lies in the Hungarian tree of a failed search). Call between searches. */
  kill(v: number): void {
    const k = bucketOf(this.p, v);
    let i = this.pos[v];
    if (i >= this.aEnd[k]) return;
    if (i < this.eEnd[k]) {
      this.swap(i, this.eEnd[k] - 1);
      this.eEnd[k]--;
      this.aliveExposed--;
      i = this.eEnd[k];
    }
    this.swap(i, this.aEnd[k] - 1);
    this.aEnd[k]--;
    this.uEnd[k] = this.aEnd[k];
    this.refreshLists(k);
  }

  isExposedAlive(v: number): boolean {
    const k = bucketOf(this.p, v);
    return this.pos[v] < this.eEnd[k];
  }
}

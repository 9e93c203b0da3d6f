/**
 * One Edmonds alternating-tree search (with blossom shrinking) from an exposed root on the
 * implicit graph. The structure follows the classic O(V³) formulation (parent pointers p[],
 * blossom bases, LCA, mark-path), with three changes that make it near-linear here:
 *
 * - unreached neighbours are enumerated from per-bucket ranges (SearchRegions), so each
 *   reached vertex costs O(1) and each blocked pair is skipped at most once per scan;
 * - blossom bases live in a union–find, and outer vertices are kept per (bucket, blossom) in
 *   linked lists with counts, so "is there an outer neighbour in another blossom?" is
 *   answered from counts and only a hit (or a blocked pair) walks a list;
 * - exposed vertices are checked as soon as a vertex becomes outer (look-ahead), so short
 *   augmenting paths are found without scanning a whole neighbourhood first.
 *
 * A search that finds nothing leaves a frustrated ("Hungarian") tree: all its vertices can be
 * removed for the rest of the phase without losing any augmenting path (Edmonds).
 */

import { BlossomSets } from "./blossom-sets";
import type { Buckets } from "./buckets";
import { bucketOf } from "./buckets";
import type { Problem } from "./problem";
import { blocked, CROSS, SAME } from "./problem";
import { SearchRegions } from "./search-regions";

const OUTER = 1;
const INNER = 2;

export class BlossomSearch {
  readonly regions: SearchRegions;
  private readonly label: Uint8Array;
  private readonly par: Int32Array;
  private readonly sets: BlossomSets;
  private readonly stamp: Int32Array;
  private stampId = 0;
  /** Every vertex labelled in the current search (the tree), in labelling order. */
  readonly tree: number[] = [];
  private queue: number[] = [];
  private root = -1;

  constructor(
    private readonly p: Problem,
    b: Buckets,
    private readonly mate: Int32Array,
    alive?: Uint8Array,
  ) {
    const n = p.n;
    this.regions = new SearchRegions(p, b, mate, alive);
    this.label = new Uint8Array(n);
    this.par = new Int32Array(n).fill(-1);
    this.sets = new BlossomSets(p, b.count);
    this.stamp = new Int32Array(n);
  }

  isOuter(v: number): boolean {
    return this.label[v] === OUTER;
  }

  /**
   * Searches from exposed `root`. On success the matching is augmented and the other endpoint
   * is returned; otherwise -1 and `tree` holds the frustrated tree. Call `reset()` afterwards.
   */
  search(root: number): number {
    this.root = root;
    this.queue = [root];
    this.label[root] = OUTER;
    this.tree.push(root);
    this.sets.addOuter(root);
    const e = this.lookAhead(root);
    if (e >= 0) return this.augmentTo(e, root);
    for (let qi = 0; qi < this.queue.length; qi++) {
      const v = this.queue[qi];
      let found = this.scanOuter(v);
      if (found < 0) found = this.scanUnreached(v);
      if (found >= 0) return found;
    }
    return -1;
  }

  /**
   * After a failed search: flips the even alternating path from the root to outer vertex w, so
   * the root becomes matched and w exposed (same cardinality). Must precede `reset()`.
   */
  makeExposed(w: number): void {
    if (w === this.root) return;
    let cur = this.mate[w];
    this.mate[w] = -1;
    while (cur !== -1) {
      const pv = this.par[cur];
      const ppv = this.mate[pv];
      this.mate[cur] = pv;
      this.mate[pv] = cur;
      cur = ppv;
    }
  }

  /** Vertices of the even alternating path from outer vertex w back to the root (w first). */
  pathTo(w: number): number[] {
    const out = [w];
    if (w === this.root) return out;
    for (let cur = this.mate[w]; cur !== -1; ) {
      const pv = this.par[cur];
      out.push(cur, pv);
      cur = this.mate[pv];
    }
    return out;
  }

  reset(): void {
    for (const v of this.tree) {
      this.label[v] = 0;
      this.par[v] = -1;
    }
    this.sets.reset(this.tree);
    this.tree.length = 0;
    this.regions.resetSearch();
  }

  /** An exposed vertex (not the root) adjacent to outer vertex v, or -1. */
  private lookAhead(v: number): number {
    const R = this.regions;
    const d = this.p.dept[v];
    const pv = this.p.pref[v];
    // Cross-department partners first: paths through them tend to keep same-department
    // people with each other and "any" people free for cross-department pairs.
    if (pv !== SAME) {
      for (const k of R.caExposed.items) {
        if (((k / 3) | 0) === d) continue;
        for (let i = R.start[k]; i < R.eEnd[k]; i++) {
          const e = R.members[i];
          if (e !== this.root && !blocked(this.p, v, e)) return e;
        }
      }
    }
    if (pv !== CROSS) {
      for (let k = d * 3; k <= d * 3 + 2; k += 2) {
        for (let i = R.start[k]; i < R.eEnd[k]; i++) {
          const e = R.members[i];
          if (e !== this.root && !blocked(this.p, v, e)) return e;
        }
      }
    }
    return -1;
  }

  private augmentTo(e: number, from: number): number {
    this.par[e] = from;
    let cur = e;
    while (cur !== -1) {
      const pv = this.par[cur];
      const ppv = this.mate[pv];
      this.mate[cur] = pv;
      this.mate[pv] = cur;
      cur = ppv;
    }
    return e;
  }

  /** Labels a newly outer vertex; returns the augmenting endpoint if it sees an exposed vertex. */
  private becomeOuter(x: number): number {
    this.queue.push(x);
    const e = this.lookAhead(x);
    return e >= 0 ? this.augmentTo(e, x) : -1;
  }

  /** Reaches every unreached matched neighbour u of v: u becomes inner, its mate outer. */
  private scanUnreached(v: number): number {
    const R = this.regions;
    const d = this.p.dept[v];
    const pv = this.p.pref[v];
    const targets: number[] = [];
    if (pv !== SAME) {
      for (const k of R.caUnreached.items) if (((k / 3) | 0) !== d) targets.push(k);
    }
    if (pv !== CROSS) targets.push(d * 3, d * 3 + 2);
    for (const k of targets) {
      let i = R.eEnd[k];
      while (i < R.uEnd[k]) {
        const u = R.members[i];
        if (blocked(this.p, v, u)) {
          i++;
          continue;
        }
        const m = this.mate[u];
        this.label[u] = INNER;
        this.par[u] = v;
        this.label[m] = OUTER;
        this.tree.push(u, m);
        R.markReached(u);
        // Keep [eEnd, i) = blocked-for-v and [i, uEnd) = still to check.
        if (bucketOf(this.p, m) === k && R.pos[m] < i) {
          R.moveTo(m, i - 1);
          R.markReached(m);
          i--;
        } else R.markReached(m);
        this.sets.addOuter(m);
        const e = this.becomeOuter(m);
        if (e >= 0) return e;
      }
    }
    return -1;
  }

  /** Finds edges from v to outer vertices of other blossoms and shrinks each new blossom. */
  private scanOuter(v: number): number {
    const d = this.p.dept[v];
    const pv = this.p.pref[v];
    const usable = (x: number) => !blocked(this.p, v, x);
    for (;;) {
      const sv = this.sets.find(v);
      let w = -1;
      if (pv !== CROSS) {
        w = this.sets.outerIn(sv, d * 3, usable);
        if (w < 0) w = this.sets.outerIn(sv, d * 3 + 2, usable);
      }
      if (w < 0 && pv !== SAME && this.sets.crossOuterElsewhere(sv, d) > 0) {
        for (const k of this.sets.activeCA.items) {
          if (((k / 3) | 0) === d) continue;
          w = this.sets.outerIn(sv, k, usable);
          if (w >= 0) break;
        }
      }
      if (w < 0) return -1;
      const e = this.shrink(v, w);
      if (e >= 0) return e;
    }
  }

  private lca(a0: number, b0: number): number {
    const id = ++this.stampId;
    let a = a0;
    for (;;) {
      a = this.sets.baseOf(a);
      this.stamp[a] = id;
      if (this.mate[a] === -1) break;
      a = this.par[this.mate[a]];
    }
    let b = b0;
    for (;;) {
      b = this.sets.baseOf(b);
      if (this.stamp[b] === id) return b;
      b = this.par[this.mate[b]];
    }
  }

  /** Shrinks the blossom closed by edge (v, w); its inner vertices become outer. */
  private shrink(v: number, w: number): number {
    const base = this.lca(v, w);
    const merged: number[] = [];
    const fresh: number[] = [];
    const markPath = (start: number, child0: number): void => {
      let x = start;
      let child = child0;
      while (this.sets.baseOf(x) !== base) {
        const mx = this.mate[x];
        merged.push(this.sets.find(x), this.sets.find(mx));
        if (this.label[mx] === INNER) {
          this.label[mx] = OUTER;
          fresh.push(mx);
        }
        this.par[x] = child;
        child = mx;
        x = this.par[mx];
      }
    };
    markPath(v, w);
    markPath(w, v);
    let root = this.sets.find(base);
    for (const s of merged) {
      const r = this.sets.find(s);
      if (r !== root) root = this.sets.union(root, r);
    }
    this.sets.setBase(root, base);
    for (const x of fresh) this.sets.addOuter(x);
    for (const x of fresh) {
      const e = this.becomeOuter(x);
      if (e >= 0) return e;
    }
    return -1;
  }
}

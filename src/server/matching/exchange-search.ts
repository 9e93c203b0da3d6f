/**
 * Breadth-first search for improving alternating paths and cycles with respect to the
 * cross-department count, on the implicit graph. A step "free person f takes a, a's partner b
 * becomes free" gains cross(f, a) - cross(a, b). Steps that gain 0 move the free end around;
 * the search stops at the first step gaining +1 (f takes the "any" member of a same-department
 * pair across departments) or, for a cycle opened by breaking pair (u, y), when a free end can
 * pair with y and the total gain is positive.
 *
 * The graph is not bipartite, so whether someone can be freed depends on the branch (which
 * pairs it already used); each person may therefore be a free end on up to VISITS branches, and
 * a pair is exchanged at most once per branch. Path searches keep these counts across failed
 * searches until the matching changes.
 */
import type { Candidates } from "./candidates";
import type { Problem } from "./problem";
import { allowed } from "./problem";

const VISITS = 4;

export class ExchangeSearch {
  private readonly visits: Uint8Array;
  private readonly touched: number[] = [];
  /** Search tree: node i is free person nodeAt[i], freed when nodeFrom[i]'s person took nodeVia[i]. */
  private nodeAt: number[] = [];
  private nodeFrom: number[] = [];
  private nodeVia: number[] = [];

  constructor(
    private readonly p: Problem,
    private readonly mate: Int32Array,
    private readonly candidates: Candidates,
    private readonly pathBudget: number,
    private readonly cycleBudget: number,
  ) {
    this.visits = new Uint8Array(p.n);
  }

  /** Forget failed free ends (call whenever the matching changed). */
  forget(): void {
    for (const v of this.touched) this.visits[v] = 0;
    this.touched.length = 0;
  }

  private cross(u: number, v: number): number {
    return this.p.dept[u] === this.p.dept[v] ? 0 : 1;
  }

  private visit(v: number): void {
    if (this.visits[v]++ === 0) this.touched.push(v);
  }

  private onBranch(node: number, a: number): boolean {
    for (let x = node; x > 0; x = this.nodeFrom[x]) {
      if (this.nodeAt[x] === a || this.nodeVia[x] === a) return true;
    }
    return this.nodeAt[0] === a;
  }

  /** Applies the branch ending at `node`: every taker gets what it took; the last gets `last`. */
  private apply(node: number, last: number): void {
    const mate = this.mate;
    let x = node;
    let take = last;
    for (;;) {
      const taker = this.nodeAt[x];
      mate[taker] = take;
      mate[take] = taker;
      if (x === 0) break;
      take = this.nodeVia[x];
      x = this.nodeFrom[x];
    }
  }

  /** From exposed u: on success applies the path and returns who sits out now, else -1. */
  path(u: number): number {
    return this.run(u, -1);
  }

  /** Breaks pair (u, y) and looks for an improving cycle through it; true if applied. */
  cycle(u: number, y: number): boolean {
    const mate = this.mate;
    this.forget();
    mate[u] = mate[y] = -1;
    const ok = this.run(u, y) >= 0;
    if (!ok) {
      mate[u] = y;
      mate[y] = u;
    }
    this.forget();
    return ok;
  }

  private run(u: number, y: number): number {
    const { p, mate } = this;
    if (this.visits[u] >= VISITS) return -1;
    this.visit(u);
    this.nodeAt = [u];
    this.nodeFrom = [-1];
    this.nodeVia = [-1];
    const base = y >= 0 ? this.cross(u, y) : 0;
    let budget = y >= 0 ? this.cycleBudget : this.pathBudget;
    for (let node = 0; node < this.nodeAt.length && budget > 0; node++) {
      const f = this.nodeAt[node];
      if (y >= 0 && node > 0 && this.cross(f, y) > base && allowed(p, f, y)) {
        this.apply(node, y);
        return y;
      }
      let hit = -1;
      this.candidates(f, (a) => {
        if (--budget <= 0) return true;
        const b = mate[a];
        if (b < 0 || !allowed(p, f, a)) return false;
        const g = this.cross(f, a) - this.cross(a, b);
        if (g < 0 || (g === 0 && this.visits[b] >= VISITS) || this.onBranch(node, a)) return false;
        if (g > 0) {
          // A path ends here; a cycle must also close: b pairs with y.
          if (y >= 0 && !allowed(p, b, y)) return false;
          hit = a;
          return true;
        }
        this.visit(b);
        this.nodeAt.push(b);
        this.nodeFrom.push(node);
        this.nodeVia.push(a);
        return false;
      });
      if (hit < 0) continue;
      const out = mate[hit];
      mate[out] = -1;
      this.apply(node, hit);
      if (y >= 0) {
        mate[out] = y;
        mate[y] = out;
      }
      this.forget();
      return out;
    }
    return -1;
  }
}

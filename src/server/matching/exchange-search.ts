/**
 * Breadth-first search for improving alternating paths and cycles on the implicit graph.
 * A step "free person f takes a, a's partner b becomes free" gains cross(f, a) - cross(a, b)
 * cross-department pairs and never(f, a) - never(a, b) never-met pairs.
 *
 * - "cross" mode: steps that gain 0 move the free end around; the search stops at the first
 *   step gaining +1 (f takes the "any" member of a same-department pair across departments)
 *   or, for a cycle opened by breaking pair (u, y), when a free end can pair with y and the
 *   total gain is positive.
 * - "fresh" mode (the lower objective levels): the cross-department balance of a branch may dip
 *   to -1 and must be back to 0 where it ends; it stops at the first branch that gains shared
 *   working hours or, with as many, never-met pairs or, with equal never-met pairs too, seats a
 *   person who sat out last time in place of one who did not (paths), or closes a cycle with
 *   such a gain (or any cross gain).
 *
 * The graph is not bipartite, so whether someone can be freed depends on the branch (which
 * pairs it already used): each person may be a free end on up to VISITS branches, and a pair
 * is exchanged at most once per branch. Path searches keep these counts across failed searches
 * until the matching changes.
 */
import type { Candidates } from "./candidates";
import type { Problem } from "./problem";
import { allowed, NEVER_MET, relation, sharedHours } from "./problem";

const VISITS = 4;

export type SearchMode = "cross" | "fresh";

export class ExchangeSearch {
  private readonly visits: Uint8Array;
  private readonly touched: number[] = [];
  /**
   * Tree node i: free person at[i], freed when from[i]'s person took via[i]; bal, time and fresh
   * are the branch's cross-department, shared-hour and never-met gains so far.
   */
  private at: number[] = [];
  private from: number[] = [];
  private via: number[] = [];
  private bal: number[] = [];
  private time: number[] = [];
  private fresh: number[] = [];

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

  private never(u: number, v: number): number {
    return relation(this.p, u, v) === NEVER_MET ? 1 : 0;
  }

  private visit(v: number): void {
    if (this.visits[v]++ === 0) this.touched.push(v);
  }

  private onBranch(node: number, a: number): boolean {
    for (let x = node; x > 0; x = this.from[x]) {
      if (this.at[x] === a || this.via[x] === a) return true;
    }
    return this.at[0] === a;
  }

  /** Applies the branch ending at `node`: every taker gets what it took; the last gets `last`. */
  private apply(node: number, last: number): void {
    const mate = this.mate;
    let x = node;
    let take = last;
    for (;;) {
      const taker = this.at[x];
      mate[taker] = take;
      mate[take] = taker;
      if (x === 0) break;
      take = this.via[x];
      x = this.from[x];
    }
  }

  /** From exposed u: on success applies the path and returns who sits out now, else -1. */
  path(u: number, mode: SearchMode): number {
    return this.run(u, -1, mode);
  }

  /** Breaks pair (u, y) and looks for an improving cycle through it; true if applied. */
  cycle(u: number, y: number, mode: SearchMode): boolean {
    const mate = this.mate;
    this.forget();
    mate[u] = mate[y] = -1;
    const ok = this.run(u, y, mode) >= 0;
    if (!ok) {
      mate[u] = y;
      mate[y] = u;
    }
    this.forget();
    return ok;
  }

  private run(u: number, y: number, mode: SearchMode): number {
    const { p, mate } = this;
    const freshMode = mode === "fresh";
    const floor = freshMode ? -1 : 0;
    if (this.visits[u] >= VISITS) return -1;
    this.visit(u);
    this.at = [u];
    this.from = [-1];
    this.via = [-1];
    this.bal = [0];
    this.time = [0];
    this.fresh = [0];
    const baseCross = y >= 0 ? this.cross(u, y) : 0;
    const baseTime = y >= 0 ? sharedHours(p, u, y) : 0;
    const baseNever = y >= 0 ? this.never(u, y) : 0;
    let budget = y >= 0 ? this.cycleBudget : this.pathBudget;
    for (let node = 0; node < this.at.length && budget > 0; node++) {
      const f = this.at[node];
      const bal = this.bal[node];
      const time = this.time[node];
      const nev = this.fresh[node];
      if (y >= 0 && node > 0 && allowed(p, f, y)) {
        const dc = bal + this.cross(f, y) - baseCross;
        const dt = time + sharedHours(p, f, y) - baseTime;
        const dn = nev + this.never(f, y) - baseNever;
        if (dc > 0 || (freshMode && dc === 0 && (dt > 0 || (dt === 0 && dn > 0)))) {
          this.apply(node, y);
          this.forget();
          return y;
        }
      }
      if (freshMode && y < 0 && node > 0 && bal === 0) {
        // A path may end here: f sits out instead of u.
        const lower = nev > 0 || (nev === 0 && p.satOut[u] > p.satOut[f]);
        if (time > 0 || (time === 0 && lower)) {
          mate[f] = -1;
          this.apply(this.from[node], this.via[node]);
          this.forget();
          return f;
        }
      }
      let hit = -1;
      this.candidates(f, (a) => {
        if (--budget <= 0) return true;
        const b = mate[a];
        if (b < 0 || !allowed(p, f, a)) return false;
        const next = bal + this.cross(f, a) - this.cross(a, b);
        if (next < floor || this.onBranch(node, a)) return false;
        if (next > 0) {
          // A cross gain: a path ends with b sitting out; a cycle closes with b and y.
          if (y >= 0 && (!allowed(p, b, y) || next + this.cross(b, y) - baseCross <= 0))
            return false;
          hit = a;
          return true;
        }
        if (this.visits[b] >= VISITS) return false;
        this.visit(b);
        this.at.push(b);
        this.from.push(node);
        this.via.push(a);
        this.bal.push(next);
        this.time.push(freshMode ? time + sharedHours(p, f, a) - sharedHours(p, a, b) : 0);
        this.fresh.push(freshMode ? nev + this.never(f, a) - this.never(a, b) : 0);
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

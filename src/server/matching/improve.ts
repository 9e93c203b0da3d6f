/**
 * Local exchanges that keep the number of people placed and raise the rest of the objective
 * lexicographically: (cross-department pairs, never-met pairs, lastSatOut people placed).
 *
 * - From each exposed person u: the best single exchange (u takes a, a's partner sits out) if
 *   it gains cross-department pairs; else an ExchangeSearch "cross" path; else a single
 *   exchange, or a "fresh" path, that gains never-met pairs or seats a lastSatOut person.
 * - Each same-department pair of two "any" people: an ExchangeSearch cycle through it; two
 *   same+any pairs of one department are first merged into same+same and any+any.
 * - Each pair that met before: a 2-opt with another pair, else a "fresh" cycle, if that gains
 *   never-met pairs without losing cross-department ones.
 *
 * Every accepted move strictly improves the objective vector, so the loop terminates.
 */
import type { Buckets } from "./buckets";
import { bucketOf } from "./buckets";
import { type Candidates, EXHAUSTIVE_LIMIT, makeCandidates } from "./candidates";
import { ExchangeSearch } from "./exchange-search";
import type { Problem } from "./problem";
import { ANY, allowed, NEVER_MET, relation, SAME, sharedHours } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

const SAMPLES = 256;

/** Gains in cross-department pairs, shared hours, never-met pairs and lastSatOut people placed. */
type Delta = [number, number, number, number];
const isGain = (d: Delta): boolean => {
  for (const x of d) if (x !== 0) return x > 0;
  return false;
};
const better = (d: Delta, than: Delta): boolean =>
  isGain([d[0] - than[0], d[1] - than[1], d[2] - than[2], d[3] - than[3]]);

const cross = (p: Problem, u: number, v: number): number => (p.dept[u] === p.dept[v] ? 0 : 1);
const never = (p: Problem, u: number, v: number): number =>
  relation(p, u, v) === NEVER_MET ? 1 : 0;
const anyAny = (p: Problem, x: number, y: number) =>
  p.pref[x] === ANY && p.pref[y] === ANY && p.dept[x] === p.dept[y];
const sameAny = (p: Problem, x: number, y: number) =>
  p.dept[x] === p.dept[y] && p.pref[x] + p.pref[y] === SAME + ANY;

export function improveMatching(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): void {
  const improver = new Improver(p, b, mate, rng);
  for (let round = 0; round < 64 && improver.pool > 0; round++) {
    if (!improver.round()) break;
  }
}

/** One improvement phase: its pool of candidate checks, its two searches and what failed. */
class Improver {
  /**
   * All searches draw candidate checks from one pool, which bounds the phase at O(n) work
   * whatever the instance; typical instances use a small fraction of it.
   */
  pool: number;
  private readonly candidates: Candidates;
  /**
   * Candidate checks per search: effectively exhaustive on smaller instances, some thousands on
   * large ones (where the allowed graph is nearly complete and gains show up early).
   */
  private readonly small: boolean;
  /**
   * One search per objective level, each with its own memory of failed free ends; the
   * lower-level ("fresh") one gets a smaller budget.
   */
  private readonly search: ExchangeSearch;
  private readonly freshSearch: ExchangeSearch;
  /** How many "any" people each department has. */
  private readonly anyIn: Int32Array;
  /** Failed cycle searches per department in this round (see cycleThrough). */
  private failures = new Map<number, number>();
  /**
   * People of one bucket (department, preference) are near-twins: once a few of them found no
   * gaining path, the rest of the bucket is skipped until some path gains (per mode).
   */
  private readonly patience: number;
  private stuck = new Map<number, number>();
  private stuckFresh = new Map<number, number>();
  /** Weak pairs that found nothing; they are not retried in later rounds. */
  private readonly triedWeak = new Set<number>();

  constructor(
    private readonly p: Problem,
    b: Buckets,
    private readonly mate: Int32Array,
    private readonly rng: Rng,
  ) {
    this.pool = 500_000 + 20 * p.n;
    const enumerate = makeCandidates(p, b, rng, SAMPLES);
    this.candidates = (u, visit) => enumerate(u, (a) => --this.pool < 0 || visit(a));
    const small = p.n <= EXHAUSTIVE_LIMIT;
    this.small = small;
    this.search = new ExchangeSearch(
      p,
      mate,
      this.candidates,
      small ? 100_000 : 20 * SAMPLES,
      small ? 30_000 : 4 * SAMPLES,
    );
    this.freshSearch = new ExchangeSearch(
      p,
      mate,
      this.candidates,
      small ? 30_000 : 4 * SAMPLES,
      small ? 10_000 : 4 * SAMPLES,
    );
    this.anyIn = new Int32Array(p.deptCount);
    for (let v = 0; v < p.n; v++) if (p.pref[v] === ANY) this.anyIn[p.dept[v]]++;
    this.patience = small ? 4 : 2;
  }

  /** One round over the exposed people, the weak pairs and the same+any pairs; true if any moved. */
  round(): boolean {
    this.search.forget();
    this.freshSearch.forget();
    this.failures = new Map();
    const { exposed, weak, sameAnyPairs } = this.collect();
    shuffleInPlace(exposed, this.rng);
    let changed = false;
    for (const u of exposed) if (this.seat(u)) changed = true;
    if (this.improveWeak(weak)) changed = true;
    if (this.mergeSameAny(sameAnyPairs)) changed = true;
    return changed;
  }

  /**
   * The exposed people; one member of each weak pair (two "any" colleagues, or people who met
   * before); the "any" member of each same-department same+any pair.
   */
  private collect(): { exposed: number[]; weak: number[]; sameAnyPairs: number[] } {
    const { p, mate } = this;
    const exposed: number[] = [];
    const weak: number[] = [];
    const sameAnyPairs: number[] = [];
    for (let v = 0; v < p.n; v++) {
      const m = mate[v];
      if (m < 0) exposed.push(v);
      else if (p.pref[v] === ANY && sameAny(p, v, m)) sameAnyPairs.push(v);
      if (m > v && (anyAny(p, v, m) || relation(p, v, m) !== NEVER_MET)) weak.push(v);
    }
    return { exposed, weak, sameAnyPairs };
  }

  /**
   * Exchanges from exposed u while each one leaves someone else exposed, who then goes on; true
   * if any was made. On large instances the single-step search only serves people who sat out
   * last time (cross gains come from the path search).
   */
  private seat(u: number): boolean {
    let changed = false;
    for (let cur = u; cur >= 0 && this.mate[cur] === -1; ) {
      const { next, crossGain } = this.exchangeFrom(cur);
      if (next >= 0) {
        changed = true;
        if (crossGain) {
          this.stuck = new Map();
          this.search.forget();
        }
        this.stuckFresh = new Map();
        this.freshSearch.forget();
      }
      cur = next;
    }
    return changed;
  }

  /** The best exchange from exposed `cur`: the person it leaves exposed (or -1), and its level. */
  private exchangeFrom(cur: number): { next: number; crossGain: boolean } {
    const { p, small } = this;
    const step = small || p.satOut[cur] === 1 ? this.bestStep(cur) : null;
    if (step !== null && step.d[0] > 0)
      return { next: this.applyStep(cur, step.a), crossGain: true };
    let next = -1;
    // A same-department person can only start a gain through an "any" colleague.
    const hopeless = p.pref[cur] === SAME && this.anyIn[p.dept[cur]] === 0;
    if (!hopeless) next = this.tryPath(cur, "cross");
    const crossGain = next >= 0;
    if (next < 0 && step !== null) next = this.applyStep(cur, step.a);
    if (next < 0 && (small || p.satOut[cur] === 1)) next = this.tryPath(cur, "fresh");
    return { next, crossGain };
  }

  /** Best single exchange for exposed u: u takes a, a's partner sits out. */
  private bestStep(u: number): { a: number; d: Delta } | null {
    const { p, mate } = this;
    let best: { a: number; d: Delta } | null = null;
    this.candidates(u, (a) => {
      const m = mate[a];
      if (m < 0 || a === u || !allowed(p, u, a)) return false;
      const d: Delta = [
        cross(p, u, a) - cross(p, a, m),
        sharedHours(p, u, a) - sharedHours(p, a, m),
        never(p, u, a) - never(p, a, m),
        p.satOut[u] - p.satOut[m],
      ];
      if (!isGain(d)) return false;
      if (best === null || better(d, best.d)) best = { a, d };
      return d[0] > 0;
    });
    return best;
  }

  private applyStep(u: number, a: number): number {
    const { mate } = this;
    const m = mate[a];
    mate[u] = a;
    mate[a] = u;
    mate[m] = -1;
    return m;
  }

  /** A path search from exposed u, skipped once its bucket ran out of patience in that mode. */
  private tryPath(u: number, mode: "cross" | "fresh"): number {
    const memo = mode === "cross" ? this.stuck : this.stuckFresh;
    const k = bucketOf(this.p, u);
    if ((memo.get(k) ?? 0) >= this.patience) return -1;
    const next = (mode === "cross" ? this.search : this.freshSearch).path(u, mode);
    if (next < 0) memo.set(k, (memo.get(k) ?? 0) + 1);
    return next;
  }

  /** Tries each weak pair (one member given) still together; true if any moved. */
  private improveWeak(weak: number[]): boolean {
    const { p, mate } = this;
    let changed = false;
    let freshFailures = 0;
    for (const x of weak) {
      const y = mate[x];
      // A weak pair that found nothing is not retried in later rounds.
      const key = Math.min(x, y) * p.n + Math.max(x, y);
      if (y < 0 || this.triedWeak.has(key)) continue;
      let moved = anyAny(p, x, y) && this.cycleThrough(x, y);
      if (!moved && relation(p, x, y) !== NEVER_MET) {
        moved = this.twoOpt(x, y) || this.twoOpt(y, x);
        if (!moved && this.small && freshFailures < 4 * this.patience) {
          moved = this.freshSearch.cycle(x, y, "fresh") || this.freshSearch.cycle(y, x, "fresh");
          if (!moved) freshFailures++;
        }
      }
      if (moved) {
        changed = true;
        this.search.forget();
        this.freshSearch.forget();
      } else this.triedWeak.add(key);
    }
    return changed;
  }

  /**
   * Cycle search through an "any"+"any" same-department pair; skipped for a department once two
   * searches there failed this round (their closing conditions are nearly the same).
   */
  private cycleThrough(x: number, y: number): boolean {
    const d = this.p.dept[x];
    if ((this.failures.get(d) ?? 0) >= 2) return false;
    if (this.search.cycle(x, y, "cross") || this.search.cycle(y, x, "cross")) return true;
    this.failures.set(d, (this.failures.get(d) ?? 0) + 1);
    return false;
  }

  /** 2-opt of pair (x, y) with another pair (c, e) into (x, c) + (y, e) when that gains. */
  private twoOpt(x: number, y: number): boolean {
    const { p, mate } = this;
    return this.candidates(x, (c) => {
      const e = mate[c];
      if (e < 0 || c === y || e === x || e === y || c === x) return false;
      const d: Delta = [
        cross(p, x, c) + cross(p, y, e) - cross(p, x, y) - cross(p, c, e),
        sharedHours(p, x, c) + sharedHours(p, y, e) - sharedHours(p, x, y) - sharedHours(p, c, e),
        never(p, x, c) + never(p, y, e) - never(p, x, y) - never(p, c, e),
        0,
      ];
      if (!isGain(d) || !allowed(p, x, c) || !allowed(p, y, e)) return false;
      mate[x] = c;
      mate[c] = x;
      mate[y] = e;
      mate[e] = y;
      return true;
    });
  }

  /**
   * Two same+any pairs of one department, (s1, a1) and (s2, a2), can become (s1, s2) + (a1, a2)
   * at no cost; kept only if a cycle then turns (a1, a2) into cross-department pairs.
   */
  private mergeSameAny(pairs: number[]): boolean {
    let moved = false;
    const byDept = new Map<number, number[]>();
    for (const a of pairs) {
      const list = byDept.get(this.p.dept[a]);
      if (list) list.push(a);
      else byDept.set(this.p.dept[a], [a]);
    }
    for (const [d, list] of byDept) {
      for (let i = 0; i < list.length && (this.failures.get(d) ?? 0) < 2; i++) {
        for (let j = i + 1; j < list.length && (this.failures.get(d) ?? 0) < 2; j++) {
          if (this.tryMerge(list[i], list[j])) {
            moved = true;
            break;
          }
        }
      }
    }
    return moved;
  }

  /** Merges the same+any pairs of a1 and a2 when a cycle then gains; otherwise restores them. */
  private tryMerge(a1: number, a2: number): boolean {
    const { p, mate } = this;
    const s1 = mate[a1];
    const s2 = mate[a2];
    if (s1 < 0 || s2 < 0 || !sameAny(p, a1, s1) || !sameAny(p, a2, s2)) return false;
    if (!allowed(p, s1, s2) || !allowed(p, a1, a2)) return false;
    mate[s1] = s2;
    mate[s2] = s1;
    mate[a1] = a2;
    mate[a2] = a1;
    if (this.cycleThrough(a1, a2)) return true;
    mate[s1] = a1;
    mate[a1] = s1;
    mate[s2] = a2;
    mate[a2] = s2;
    return false;
  }
}

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
import { ANY, allowed, NEVER_MET, relation, SAME } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

const SAMPLES = 256;

type Delta = [number, number, number];
const isGain = (d: Delta): boolean =>
  d[0] > 0 || (d[0] === 0 && (d[1] > 0 || (d[1] === 0 && d[2] > 0)));

export function improveMatching(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): void {
  // All searches draw candidate checks from one pool, which bounds the phase at O(n) work
  // whatever the instance; typical instances use a small fraction of it.
  let pool = 500_000 + 20 * p.n;
  const enumerate = makeCandidates(p, b, rng, SAMPLES);
  const candidates: Candidates = (u, visit) => enumerate(u, (a) => --pool < 0 || visit(a));
  // Candidate checks per search: effectively exhaustive on smaller instances, some thousands on
  // large ones (where the allowed graph is nearly complete and gains show up early).
  const small = p.n <= EXHAUSTIVE_LIMIT;
  // One search per objective level, each with its own memory of failed free ends; the
  // lower-level ("fresh") one gets a smaller budget.
  const search = new ExchangeSearch(
    p,
    mate,
    candidates,
    small ? 100_000 : 20 * SAMPLES,
    small ? 30_000 : 4 * SAMPLES,
  );
  const freshSearch = new ExchangeSearch(
    p,
    mate,
    candidates,
    small ? 30_000 : 4 * SAMPLES,
    small ? 10_000 : 4 * SAMPLES,
  );
  const cross = (u: number, v: number): number => (p.dept[u] === p.dept[v] ? 0 : 1);
  const never = (u: number, v: number): number => (relation(p, u, v) === NEVER_MET ? 1 : 0);
  const anyAny = (x: number, y: number) =>
    p.pref[x] === ANY && p.pref[y] === ANY && p.dept[x] === p.dept[y];
  const sameAny = (x: number, y: number) =>
    p.dept[x] === p.dept[y] && p.pref[x] + p.pref[y] === SAME + ANY;

  /**
   * Cycle search through an "any"+"any" same-department pair; skipped for a department once two
   * searches there failed this round (their closing conditions are nearly the same).
   */
  let failures = new Map<number, number>();
  const cycleThrough = (x: number, y: number): boolean => {
    const d = p.dept[x];
    if ((failures.get(d) ?? 0) >= 2) return false;
    if (search.cycle(x, y, "cross") || search.cycle(y, x, "cross")) return true;
    failures.set(d, (failures.get(d) ?? 0) + 1);
    return false;
  };

  /**
   * Two same+any pairs of one department, (s1, a1) and (s2, a2), can become (s1, s2) + (a1, a2)
   * at no cost; kept only if a cycle then turns (a1, a2) into cross-department pairs.
   */
  const mergeSameAny = (pairs: number[]): boolean => {
    let moved = false;
    const byDept = new Map<number, number[]>();
    for (const a of pairs) {
      const list = byDept.get(p.dept[a]);
      if (list) list.push(a);
      else byDept.set(p.dept[a], [a]);
    }
    for (const [d, list] of byDept) {
      for (let i = 0; i < list.length && (failures.get(d) ?? 0) < 2; i++) {
        for (let j = i + 1; j < list.length && (failures.get(d) ?? 0) < 2; j++) {
          const a1 = list[i];
          const a2 = list[j];
          const s1 = mate[a1];
          const s2 = mate[a2];
          if (s1 < 0 || s2 < 0 || !sameAny(a1, s1) || !sameAny(a2, s2)) continue;
          if (!allowed(p, s1, s2) || !allowed(p, a1, a2)) continue;
          mate[s1] = s2;
          mate[s2] = s1;
          mate[a1] = a2;
          mate[a2] = a1;
          if (cycleThrough(a1, a2)) {
            moved = true;
            break;
          }
          mate[s1] = a1;
          mate[a1] = s1;
          mate[s2] = a2;
          mate[a2] = s2;
        }
      }
    }
    return moved;
  };

  const anyIn = new Int32Array(p.deptCount);
  for (let v = 0; v < p.n; v++) if (p.pref[v] === ANY) anyIn[p.dept[v]]++;

  /** Best single exchange for exposed u: u takes a, a's partner sits out. */
  const bestStep = (u: number): { a: number; d: Delta } | null => {
    let best: { a: number; d: Delta } | null = null;
    candidates(u, (a) => {
      const m = mate[a];
      if (m < 0 || a === u || !allowed(p, u, a)) return false;
      const d: Delta = [
        cross(u, a) - cross(a, m),
        never(u, a) - never(a, m),
        p.satOut[u] - p.satOut[m],
      ];
      if (!isGain(d)) return false;
      if (best === null || isGain([d[0] - best.d[0], d[1] - best.d[1], d[2] - best.d[2]]))
        best = { a, d };
      return d[0] > 0;
    });
    return best;
  };
  const applyStep = (u: number, a: number): number => {
    const m = mate[a];
    mate[u] = a;
    mate[a] = u;
    mate[m] = -1;
    return m;
  };

  /** 2-opt of pair (x, y) with another pair (c, e) into (x, c) + (y, e) when that gains. */
  const twoOpt = (x: number, y: number): boolean =>
    candidates(x, (c) => {
      const e = mate[c];
      if (e < 0 || c === y || e === x || e === y || c === x) return false;
      const d: Delta = [
        cross(x, c) + cross(y, e) - cross(x, y) - cross(c, e),
        never(x, c) + never(y, e) - never(x, y) - never(c, e),
        0,
      ];
      if (!isGain(d) || !allowed(p, x, c) || !allowed(p, y, e)) return false;
      mate[x] = c;
      mate[c] = x;
      mate[y] = e;
      mate[e] = y;
      return true;
    });

  // People of one bucket (department, preference) are near-twins: once a few of them found no
  // gaining path, the rest of the bucket is skipped until some path gains (per mode). On large
  // instances the single-step search only serves people who sat out last time (cross gains come
  // from `path`).
  const patience = small ? 4 : 2;
  let stuck = new Map<number, number>();
  let stuckFresh = new Map<number, number>();
  const triedWeak = new Set<number>();
  const tryPath = (u: number, mode: "cross" | "fresh"): number => {
    const memo = mode === "cross" ? stuck : stuckFresh;
    const k = bucketOf(p, u);
    if ((memo.get(k) ?? 0) >= patience) return -1;
    const next = (mode === "cross" ? search : freshSearch).path(u, mode);
    if (next < 0) memo.set(k, (memo.get(k) ?? 0) + 1);
    return next;
  };
  for (let round = 0; round < 64 && pool > 0; round++) {
    let changed = false;
    search.forget();
    freshSearch.forget();
    failures = new Map();
    const exposed: number[] = [];
    const weak: number[] = [];
    const sameAnyPairs: number[] = [];
    for (let v = 0; v < p.n; v++) {
      const m = mate[v];
      if (m < 0) exposed.push(v);
      else if (p.pref[v] === ANY && sameAny(v, m)) sameAnyPairs.push(v);
      if (m > v && (anyAny(v, m) || relation(p, v, m) !== NEVER_MET)) weak.push(v);
    }
    shuffleInPlace(exposed, rng);
    for (const u of exposed) {
      for (let cur = u; cur >= 0 && mate[cur] === -1; ) {
        const step = small || p.satOut[cur] === 1 ? bestStep(cur) : null;
        let next = -1;
        let crossGain = false;
        if (step !== null && step.d[0] > 0) {
          next = applyStep(cur, step.a);
          crossGain = true;
        } else {
          // A same-department person can only start a gain through an "any" colleague.
          const hopeless = p.pref[cur] === SAME && anyIn[p.dept[cur]] === 0;
          if (!hopeless) next = tryPath(cur, "cross");
          crossGain = next >= 0;
          if (next < 0 && step !== null) next = applyStep(cur, step.a);
          if (next < 0 && (small || p.satOut[cur] === 1)) next = tryPath(cur, "fresh");
        }
        if (next >= 0) {
          changed = true;
          if (crossGain) {
            stuck = new Map();
            search.forget();
          }
          stuckFresh = new Map();
          freshSearch.forget();
        }
        cur = next;
      }
    }
    let freshFailures = 0;
    for (const x of weak) {
      const y = mate[x];
      // A weak pair that found nothing is not retried in later rounds.
      const key = Math.min(x, y) * p.n + Math.max(x, y);
      if (y < 0 || triedWeak.has(key)) continue;
      let moved = anyAny(x, y) && cycleThrough(x, y);
      if (!moved && relation(p, x, y) !== NEVER_MET) {
        moved = twoOpt(x, y) || twoOpt(y, x);
        if (!moved && small && freshFailures < 4 * patience) {
          moved = freshSearch.cycle(x, y, "fresh") || freshSearch.cycle(y, x, "fresh");
          if (!moved) freshFailures++;
        }
      }
      if (moved) {
        changed = true;
        search.forget();
        freshSearch.forget();
      } else triedWeak.add(key);
    }
    if (mergeSameAny(sameAnyPairs)) changed = true;
    if (!changed) break;
  }
}

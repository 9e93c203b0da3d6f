/**
 * Local exchanges that keep the number of people placed and raise the rest of the objective
 * lexicographically: (cross-department pairs, never-met pairs, lastSatOut people placed).
 *
 * - Path moves from an exposed vertex u: u takes a, a's partner b sits out instead (one step),
 *   or additionally b takes the "any" member of a same-department pair elsewhere (two steps).
 * - Cycle moves on a weak pair (x, y) — same-department with "any" people, or met before —
 *   and another pair (c, e): re-pair as (x, c) + (y, e).
 *
 * Every accepted move strictly improves the objective vector, so the loop terminates. Candidates
 * are enumerated exhaustively up to EXHAUSTIVE_LIMIT people and sampled above it.
 */
import type { Buckets } from "./buckets";
import type { Problem } from "./problem";
import { ANY, allowed, CROSS, NEVER_MET, relation, SAME } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

const EXHAUSTIVE_LIMIT = 3000;
const SAMPLES = 256;

type Delta = [number, number, number];
const isGain = (d: Delta): boolean =>
  d[0] > 0 || (d[0] === 0 && (d[1] > 0 || (d[1] === 0 && d[2] > 0)));

export function improveMatching(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): void {
  const exhaustive = p.n <= EXHAUSTIVE_LIMIT;
  const cross = (u: number, v: number): number => (p.dept[u] === p.dept[v] ? 0 : 1);
  const never = (u: number, v: number): number => (relation(p, u, v) === NEVER_MET ? 1 : 0);
  const crossCapable: number[] = [];
  for (let v = 0; v < p.n; v++) if (p.pref[v] !== SAME) crossCapable.push(v);

  /** Calls visit(a) for people u may pair with (all, or a sample) until visit returns true. */
  const forCandidates = (u: number, visit: (a: number) => boolean): boolean => {
    const d = p.dept[u];
    const pu = p.pref[u];
    const sameRange = (k: number) => [b.start[k], b.start[k + 1]] as const;
    if (exhaustive) {
      if (pu !== CROSS) {
        for (const k of [d * 3 + SAME, d * 3 + ANY]) {
          const [lo, hi] = sameRange(k);
          for (let i = lo; i < hi; i++) if (visit(b.members[i])) return true;
        }
      }
      if (pu !== SAME) {
        for (const a of crossCapable) if (p.dept[a] !== d && visit(a)) return true;
      }
      return false;
    }
    const [s0, s1] = sameRange(d * 3 + SAME);
    const [a0, a1] = sameRange(d * 3 + ANY);
    const local = pu === CROSS ? 0 : s1 - s0 + a1 - a0;
    for (let t = 0; t < SAMPLES; t++) {
      let a: number;
      if (pu === SAME || (pu === ANY && rng.below(4) === 0)) {
        if (local === 0) continue;
        const r = rng.below(local);
        a = r < s1 - s0 ? b.members[s0 + r] : b.members[a0 + r - (s1 - s0)];
      } else {
        a = crossCapable[rng.below(crossCapable.length)];
        if (p.dept[a] === d) continue;
      }
      if (visit(a)) return true;
    }
    return false;
  };

  /** "any" members of same-department pairs, the source of cross-department gains. */
  let sameAny: number[] = [];

  /** One or two steps from exposed u; returns the newly exposed vertex or -1. */
  const pathMove = (u: number): number => {
    let out = -1;
    forCandidates(u, (a) => {
      const m = mate[a];
      if (m < 0 || a === u || !allowed(p, u, a)) return false;
      const d: Delta = [
        cross(u, a) - cross(a, m),
        never(u, a) - never(a, m),
        p.satOut[u] - p.satOut[m],
      ];
      if (!isGain(d)) return false;
      mate[u] = a;
      mate[a] = u;
      mate[m] = -1;
      out = m;
      return true;
    });
    if (out >= 0 || sameAny.length === 0) return out;
    forCandidates(u, (a) => {
      const m = mate[a];
      if (m < 0 || p.pref[m] === SAME || cross(u, a) < cross(a, m) || !allowed(p, u, a))
        return false;
      for (const a2 of sameAny) {
        const s2 = mate[a2];
        if (s2 < 0 || p.dept[s2] !== p.dept[a2] || p.dept[a2] === p.dept[m]) continue;
        if (a2 === a || a2 === m || s2 === a || s2 === m || !allowed(p, m, a2)) continue;
        mate[u] = a;
        mate[a] = u;
        mate[m] = a2;
        mate[a2] = m;
        mate[s2] = -1;
        out = s2;
        return true;
      }
      return false;
    });
    return out;
  };

  /** Re-pairs weak pair (x, y) with another pair (c, e) as (x, c) + (y, e) when that gains. */
  const cycleMove = (x: number, y: number): boolean =>
    forCandidates(x, (c) => {
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

  for (let round = 0; round < 64; round++) {
    let changed = false;
    sameAny = [];
    const weak: number[] = [];
    const exposed: number[] = [];
    for (let v = 0; v < p.n; v++) {
      const m = mate[v];
      if (m < 0) exposed.push(v);
      else if (p.dept[m] === p.dept[v] && p.pref[v] === ANY) sameAny.push(v);
      if (m > v) {
        const aa = p.pref[v] === ANY && p.pref[m] === ANY && p.dept[v] === p.dept[m];
        if (aa || relation(p, v, m) !== NEVER_MET) weak.push(v);
      }
    }
    shuffleInPlace(sameAny, rng);
    for (const u of exposed) {
      for (let cur = u; cur >= 0 && mate[cur] === -1; ) {
        const next = pathMove(cur);
        if (next >= 0) changed = true;
        cur = next;
      }
    }
    for (const x of weak) {
      const y = mate[x];
      if (y < 0) continue;
      const stillWeak =
        (p.pref[x] === ANY && p.pref[y] === ANY && p.dept[x] === p.dept[y]) ||
        relation(p, x, y) !== NEVER_MET;
      if (stillWeak && (cycleMove(x, y) || cycleMove(y, x))) changed = true;
    }
    if (!changed) break;
  }
}

/**
 * Enumeration of the people someone may pair with (by preference class; history is checked by
 * the caller): everyone on small instances, a seeded random sample on large ones, where the
 * allowed graph is nearly complete and a sample finds what is needed.
 */
import type { Buckets } from "./buckets";
import type { Problem } from "./problem";
import { ANY, CROSS, SAME } from "./problem";
import type { Rng } from "./rng";

/** Calls visit(a) for candidates of u until visit returns true; returns whether it did. */
export type Candidates = (u: number, visit: (a: number) => boolean) => boolean;

/** Up to this many people, candidate enumeration is exhaustive. */
export const EXHAUSTIVE_LIMIT = 3000;

export function makeCandidates(p: Problem, b: Buckets, rng: Rng, samples: number): Candidates {
  const exhaustive = p.n <= EXHAUSTIVE_LIMIT;
  const crossCapable: number[] = [];
  for (let v = 0; v < p.n; v++) if (p.pref[v] !== SAME) crossCapable.push(v);
  return (u, visit) => {
    const d = p.dept[u];
    const pu = p.pref[u];
    const s0 = b.start[d * 3 + SAME];
    const s1 = b.start[d * 3 + SAME + 1];
    const a0 = b.start[d * 3 + ANY];
    const a1 = b.start[d * 3 + ANY + 1];
    if (exhaustive) {
      if (pu !== CROSS) {
        for (let i = s0; i < s1; i++) if (visit(b.members[i])) return true;
        for (let i = a0; i < a1; i++) if (visit(b.members[i])) return true;
      }
      if (pu !== SAME) for (const a of crossCapable) if (p.dept[a] !== d && visit(a)) return true;
      return false;
    }
    const local = pu === CROSS ? 0 : s1 - s0 + a1 - a0;
    for (let t = 0; t < samples; t++) {
      let a: number;
      if (pu === SAME || (pu === ANY && rng.below(4) === 0)) {
        if (local === 0) continue;
        const r = rng.below(local);
        a = r < s1 - s0 ? b.members[s0 + r] : b.members[a0 + r - (s1 - s0)];
      } else {
        if (crossCapable.length === 0) return false;
        a = crossCapable[rng.below(crossCapable.length)];
        if (p.dept[a] === d) continue;
      }
      if (visit(a)) return true;
    }
    return false;
  };
}

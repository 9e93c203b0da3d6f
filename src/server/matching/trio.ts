/**
 * The `trio` odd policy: when the maximum matching leaves someone out, one group of three
 * places one more person. A trio {c, a, b} needs every pair allowed, so c joins a matched pair
 * (a, b). If no exposed person can join a pair directly, the Edmonds search from an exposed
 * root lists every person who can be the one left out of some maximum matching (the outer
 * vertices of its frustrated tree); the even alternating path to such a w is flipped so that w
 * is out, and w joins a pair off that path.
 *
 * Among direct candidates the best is taken by (cross-department pairs gained, never-met pairs
 * gained, lastSatOut placed); candidates are exhaustive up to EXHAUSTIVE_LIMIT people, sampled
 * above.
 */
import { BlossomSearch } from "./blossom-search";
import type { Buckets } from "./buckets";
import type { Problem } from "./problem";
import { ANY, allowed, CROSS, NEVER_MET, relation, SAME } from "./problem";
import type { Rng } from "./rng";

const EXHAUSTIVE_LIMIT = 3000;
const SAMPLES = 512;

/** Calls visit(a) for people c may pair with (all, or a sample) until visit returns true. */
function forCandidates(p: Problem, b: Buckets, rng: Rng, c: number, visit: (a: number) => boolean) {
  const d = p.dept[c];
  const pc = p.pref[c];
  const ranges: [number, number][] = [];
  for (let k = 0; k < b.count; k++) {
    const kd = (k / 3) | 0;
    const kp = k % 3;
    const ok =
      kd === d ? pc !== CROSS && kp !== CROSS : pc !== SAME && (kp === CROSS || kp === ANY);
    if (ok && b.start[k + 1] > b.start[k]) ranges.push([b.start[k], b.start[k + 1]]);
  }
  if (p.n <= EXHAUSTIVE_LIMIT) {
    for (const [lo, hi] of ranges) for (let i = lo; i < hi; i++) if (visit(b.members[i])) return;
    return;
  }
  if (ranges.length === 0) return;
  for (let t = 0; t < SAMPLES; t++) {
    const [lo, hi] = ranges[rng.below(ranges.length)];
    if (visit(b.members[lo + rng.below(hi - lo)])) return;
  }
}

/**
 * Exchanges between the trio and the rest that raise (cross-department pairs, never-met pairs,
 * lastSatOut placed): a trio member t swaps places with x of a pair (x, y) — trio gets x, pair
 * becomes (t, y) — or with an exposed person. Exhaustive, so only for smaller instances.
 */
function polishTrio(p: Problem, mate: Int32Array, trio: number[]): void {
  if (p.n > EXHAUSTIVE_LIMIT) return;
  const cross = (u: number, v: number) => (p.dept[u] !== p.dept[v] ? 1 : 0);
  const never = (u: number, v: number) => (relation(p, u, v) === NEVER_MET ? 1 : 0);
  const value = (f: (u: number, v: number) => number, t: number[], pair: number[]) =>
    f(t[0], t[1]) + f(t[0], t[2]) + f(t[1], t[2]) + (pair.length === 2 ? f(pair[0], pair[1]) : 0);
  const sat = (t: number[], pair: number[]) =>
    t.reduce((s, v) => s + p.satOut[v], 0) + pair.reduce((s, v) => s + p.satOut[v], 0);
  const inTrio = (v: number) => v === trio[0] || v === trio[1] || v === trio[2];
  for (let round = 0; round < 100; round++) {
    let moved = false;
    for (let x = 0; x < p.n && !moved; x++) {
      if (inTrio(x)) continue;
      const y = mate[x];
      const oldPair = y >= 0 ? [x, y] : [];
      for (let i = 0; i < 3 && !moved; i++) {
        const t = trio[i];
        const next = trio.map((v, j) => (j === i ? x : v));
        const newPair = y >= 0 ? [t, y] : [];
        if (!allowed(p, x, next[(i + 1) % 3]) || !allowed(p, x, next[(i + 2) % 3])) continue;
        if (y >= 0 && !allowed(p, t, y)) continue;
        const d =
          value(cross, next, newPair) - value(cross, trio, oldPair) ||
          value(never, next, newPair) - value(never, trio, oldPair) ||
          (y >= 0 ? 0 : sat(next, newPair) - sat(trio, oldPair));
        if (d <= 0) continue;
        mate[t] = y;
        if (y >= 0) mate[y] = t;
        mate[x] = -1;
        trio[i] = x;
        moved = true;
      }
    }
    if (!moved) return;
  }
}

export function formTrio(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): number[] | null {
  const trio = findTrio(p, b, mate, rng);
  if (trio === null) return null;
  // Make the trio explicit: its three members are unmatched in `mate` while polishing.
  mate[trio[0]] = mate[trio[1]] = mate[trio[2]] = -1;
  polishTrio(p, mate, trio);
  mate[trio[0]] = trio[1];
  mate[trio[1]] = trio[0];
  return trio;
}

function findTrio(p: Problem, b: Buckets, mate: Int32Array, rng: Rng): number[] | null {
  const exposed: number[] = [];
  for (let v = 0; v < p.n; v++) if (mate[v] === -1) exposed.push(v);
  if (exposed.length === 0) return null;
  const gain = (c: number, a: number, m: number): number[] => [
    (p.dept[c] !== p.dept[a] ? 1 : 0) + (p.dept[c] !== p.dept[m] ? 1 : 0),
    (relation(p, c, a) === NEVER_MET ? 1 : 0) + (relation(p, c, m) === NEVER_MET ? 1 : 0),
    p.satOut[c],
  ];
  const better = (x: number[], y: number[]) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

  let best: { trio: number[]; score: number[] } | null = null;
  for (const c of exposed) {
    forCandidates(p, b, rng, c, (a) => {
      const m = mate[a];
      if (m < 0 || !allowed(p, c, a) || !allowed(p, c, m)) return false;
      const score = gain(c, a, m);
      if (best === null || better(score, best.score) > 0) best = { trio: [a, m, c], score };
      return best.score[0] === 2 && best.score[1] === 2 && best.score[2] === 1;
    });
  }
  if (best !== null) return (best as { trio: number[] }).trio;

  const search = new BlossomSearch(p, b, mate);
  for (const r of exposed) {
    if (search.search(r) >= 0) {
      // Not expected (the matching is maximum); keep the augmentation and try the direct way.
      search.reset();
      return findTrio(p, b, mate, rng);
    }
    for (const w of search.tree) {
      if (w === r || !search.isOuter(w)) continue;
      const onPath = new Set(search.pathTo(w));
      let found: number[] | null = null;
      forCandidates(p, b, rng, w, (a) => {
        const m = mate[a];
        if (m < 0 || onPath.has(a) || onPath.has(m)) return false;
        if (!allowed(p, w, a) || !allowed(p, w, m)) return false;
        found = [a, m, w];
        return true;
      });
      if (found !== null) {
        search.makeExposed(w);
        search.reset();
        return found;
      }
    }
    search.reset();
  }
  return null;
}

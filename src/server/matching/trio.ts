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
import { maximizeCardinality } from "./augment";
import { BlossomSearch } from "./blossom-search";
import type { Buckets } from "./buckets";
import { bucketOf } from "./buckets";
import { type Candidates, EXHAUSTIVE_LIMIT, makeCandidates } from "./candidates";
import type { Problem } from "./problem";
import { allowed, groupTimeAllowed, NEVER_MET, relation } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";

function shuffled(items: number[], rng: Rng): number[] {
  const copy = items.slice();
  shuffleInPlace(copy, rng);
  return copy;
}

const SAMPLES = 512;
const MAX_VARIANTS = 400;
const MAX_CHECKS = 4000;

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
        if (!groupTimeAllowed(p, next)) continue;
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
  const candidates: Candidates = makeCandidates(p, b, rng, SAMPLES);
  const exposed: number[] = [];
  for (let v = 0; v < p.n; v++) if (mate[v] === -1) exposed.push(v);
  if (exposed.length === 0) return null;
  const direct = joinPair(p, mate, rng, candidates, exposed);
  if (direct !== null) return direct;
  const variants = leftOutVariants(p, b, mate, exposed);
  if (variants === "augmented") return findTrio(p, b, mate, rng);
  return (
    joinPairOfVariant(p, mate, candidates, variants) ??
    joinTwoOfVariant(p, b, mate, candidates, variants)
  );
}

/**
 * 1. An exposed person joins a pair of the matching. On large instances people of a bucket
 *    (department, preference) are near-twins: a bucket is given up after two fruitless tries,
 *    and the search stops once a few dozen people have found a trio.
 */
function joinPair(
  p: Problem,
  mate: Int32Array,
  rng: Rng,
  candidates: Candidates,
  exposed: number[],
): number[] | null {
  const gain = (c: number, a: number, m: number): number[] => [
    (p.dept[c] !== p.dept[a] ? 1 : 0) + (p.dept[c] !== p.dept[m] ? 1 : 0),
    (relation(p, c, a) === NEVER_MET ? 1 : 0) + (relation(p, c, m) === NEVER_MET ? 1 : 0),
    p.satOut[c],
  ];
  const better = (x: number[], y: number[]) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  const large = p.n > EXHAUSTIVE_LIMIT;
  const fruitless = new Map<number, number>();
  let found = 0;
  let best: { trio: number[]; score: number[] } | null = null;
  for (const c of large ? shuffled(exposed, rng) : exposed) {
    const k = bucketOf(p, c);
    if (large && ((fruitless.get(k) ?? 0) >= 2 || found >= 32)) continue;
    let any = false;
    candidates(c, (a) => {
      const m = mate[a];
      if (m < 0 || !allowed(p, c, a) || !allowed(p, c, m)) return false;
      if (!groupTimeAllowed(p, [a, m, c])) return false;
      any = true;
      const score = gain(c, a, m);
      if (best === null || better(score, best.score) > 0) best = { trio: [a, m, c], score };
      return best.score[0] === 2 && best.score[1] === 2 && best.score[2] === 1;
    });
    if (any) found++;
    else fruitless.set(k, (fruitless.get(k) ?? 0) + 1);
  }
  return best === null ? null : (best as { trio: number[] }).trio;
}

type Variant = { w: number; m: Int32Array };

/**
 * 2a. The people another maximum matching leaves out: each exposed person with the matching,
 *     and each outer vertex w of a frustrated tree with the matching Mw obtained by flipping
 *     the even path to w. "augmented" if a search unexpectedly grew the matching (kept).
 */
function leftOutVariants(
  p: Problem,
  b: Buckets,
  mate: Int32Array,
  exposed: number[],
): Variant[] | "augmented" {
  const variants: Variant[] = exposed.map((w) => ({ w, m: mate }));
  const search = new BlossomSearch(p, b, mate);
  for (const r of exposed) {
    if (search.search(r) >= 0) {
      // Not expected (the matching is maximum); keep the augmentation and start over.
      search.reset();
      return "augmented";
    }
    for (const w of search.tree) {
      if (w === r || !search.isOuter(w) || variants.length >= MAX_VARIANTS) continue;
      const path = search.pathTo(w);
      const mw = mate.slice();
      mw[w] = -1;
      for (let i = 1; i + 1 < path.length; i += 2) {
        mw[path[i]] = path[i + 1];
        mw[path[i + 1]] = path[i];
      }
      variants.push({ w, m: mw });
    }
    search.reset();
  }
  return variants;
}

/** 2b. Someone a variant leaves out joins a pair of that variant's matching (then adopted). */
function joinPairOfVariant(
  p: Problem,
  mate: Int32Array,
  candidates: Candidates,
  variants: Variant[],
): number[] | null {
  for (const { w, m: mw } of variants) {
    let found: number[] | null = null;
    candidates(w, (a) => {
      const m = mw[a];
      if (m < 0 || !allowed(p, w, a) || !allowed(p, w, m)) return false;
      if (!groupTimeAllowed(p, [a, m, w])) return false;
      found = [a, m, w];
      return true;
    });
    if (found !== null) {
      mate.set(mw);
      return found;
    }
  }
  return null;
}

/**
 * 3. (Smaller instances) w forms a trio with two people a, c who are not partners in Mw: that
 *    works iff everyone else still has a matching of size ν - 1, i.e. one augmenting path
 *    exists once w, a, c are removed and their partners are freed.
 */
function joinTwoOfVariant(
  p: Problem,
  b: Buckets,
  mate: Int32Array,
  candidates: Candidates,
  variants: Variant[],
): number[] | null {
  if (p.n > EXHAUSTIVE_LIMIT) return null;
  let pairs = 0;
  for (let v = 0; v < p.n; v++) if (mate[v] > v) pairs++;
  let checks = 0;
  for (const { w, m: mw } of variants) {
    let found: { trio: number[]; matching: Int32Array } | null = null;
    candidates(w, (a) => {
      if (mw[a] < 0 || !allowed(p, w, a)) return false;
      candidates(w, (c) => {
        if (c <= a || mw[c] < 0 || mw[c] === a || !allowed(p, w, c) || !allowed(p, a, c))
          return false;
        if (!groupTimeAllowed(p, [w, a, c])) return false;
        if (++checks > MAX_CHECKS) return true;
        found = trioWithout(p, b, mw, [w, a, c], pairs);
        return found !== null;
      });
      return found !== null || checks > MAX_CHECKS;
    });
    if (found !== null) {
      const { trio, matching } = found as { trio: number[]; matching: Int32Array };
      mate.set(matching);
      return trio;
    }
    if (checks > MAX_CHECKS) break;
  }
  return null;
}

/** Trio {a, c, w} when the others still have a matching of `pairs` - 1 pairs without them. */
function trioWithout(
  p: Problem,
  b: Buckets,
  mw: Int32Array,
  [w, a, c]: number[],
  pairs: number,
): { trio: number[]; matching: Int32Array } | null {
  const trial = mw.slice();
  for (const x of [trial[a], trial[c], a, c]) trial[x] = -1;
  const alive = new Uint8Array(p.n).fill(1);
  alive[w] = alive[a] = alive[c] = 0;
  maximizeCardinality(p, b, trial, alive);
  let got = 0;
  for (let v = 0; v < p.n; v++) if (trial[v] > v) got++;
  return got === pairs - 1 ? { trio: [a, c, w], matching: trial } : null;
}

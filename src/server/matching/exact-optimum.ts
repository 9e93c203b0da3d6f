/**
 * The exact optimum of the FORMAT.md objective, by maximum-weight maximum-cardinality matching
 * on the explicit graph of allowed pairs (O(n³); fine for a few hundred people). Used by the
 * engine for small instances and by tests as the yardstick for the fast path.
 *
 * Edge weights encode the lexicographic objective below the cardinality level (which
 * `maxCardinality` enforces): cross · B + sharedHours · O + sharedInterests · I + neverMet · C +
 * (lastSatOut(u) + lastSatOut(v)) · D + tie, where each scale exceeds the largest possible total
 * of all lower levels. Shared working time counts in whole hours up to SHARED_HOURS_CAP (only when
 * the instance has `overlapFrom`; otherwise O is 0), shared interest tags up to
 * SHARED_INTERESTS_CAP (only when someone states `interests`; otherwise I is 0), so an instance
 * without them is weighed as before. At 200 people the largest weight stays below 2^50, the
 * matching's exact range. Placing a
 * lastSatOut person is the same as not having them sit out, so level 4 is an edge weight too;
 * the random `tie` in [0, TIE) realises level 5.
 */
import type { Problem } from "./problem";
import {
  allowed,
  buildProblem,
  NEVER_MET,
  relation,
  SHARED_HOURS_CAP,
  sharedHours,
  sharedInterests,
} from "./problem";
import type { Rng } from "./rng";
import { SHARED_INTERESTS_CAP } from "./shared-interests";
import type { MatchingInstance } from "./types";
import { maxWeightMatching } from "./weighted-matching";

const TIE = 16;

export interface Score {
  placed: number;
  cross: number;
  /** Whole hours of shared working time, summed over the pairs (capped per pair). */
  sharedHours: number;
  /** Interest tags both members state, summed over the pairs (capped per pair). */
  sharedInterests: number;
  neverMet: number;
  satOutPlaced: number;
}

/** Positive when a is better than b under the lexicographic objective. */
export function compareScores(a: Score, b: Score): number {
  return (
    a.placed - b.placed ||
    a.cross - b.cross ||
    a.sharedHours - b.sharedHours ||
    a.sharedInterests - b.sharedInterests ||
    a.neverMet - b.neverMet ||
    a.satOutPlaced - b.satOutPlaced
  );
}

/** An exact optimum matching (mate array). Vertices with exclude[v] = 1 stay unmatched. */
export function exactMate(p: Problem, rng?: Rng, exclude?: Uint8Array): Int32Array {
  const pairs = Math.floor(p.n / 2) + 1;
  const D = TIE * pairs;
  const C = D * (p.n + 1);
  const I = p.interests ? C * (pairs + 1) : 0;
  const belowTime = p.interests ? I * (SHARED_INTERESTS_CAP * pairs + 1) : C * (pairs + 1);
  const O = p.schedules ? belowTime : 0;
  const B = p.schedules ? O * (SHARED_HOURS_CAP * pairs + 1) : belowTime;
  const eu: number[] = [];
  const ev: number[] = [];
  const ew: number[] = [];
  for (let u = 0; u < p.n; u++) {
    if (exclude?.[u]) continue;
    for (let v = u + 1; v < p.n; v++) {
      if (exclude?.[v] || !allowed(p, u, v)) continue;
      eu.push(u);
      ev.push(v);
      const cross = p.dept[u] === p.dept[v] ? 0 : 1;
      const never = relation(p, u, v) === NEVER_MET ? 1 : 0;
      const tie = rng ? rng.below(TIE) : 0;
      const shared = O === 0 ? 0 : sharedHours(p, u, v) * O;
      const interests = I === 0 ? 0 : sharedInterests(p, u, v) * I;
      ew.push(cross * B + shared + interests + never * C + (p.satOut[u] + p.satOut[v]) * D + tie);
    }
  }
  return maxWeightMatching(p.n, eu, ev, ew, true);
}

/** Score of a set of groups given as vertex lists (pairs and trios). */
export function scoreGroups(p: Problem, groups: number[][]): Score {
  const s: Score = {
    placed: 0,
    cross: 0,
    sharedHours: 0,
    sharedInterests: 0,
    neverMet: 0,
    satOutPlaced: 0,
  };
  for (const g of groups) {
    s.placed += g.length;
    for (let i = 0; i < g.length; i++) {
      s.satOutPlaced += p.satOut[g[i]];
      for (let j = i + 1; j < g.length; j++) {
        if (p.dept[g[i]] !== p.dept[g[j]]) s.cross++;
        s.sharedHours += sharedHours(p, g[i], g[j]);
        s.sharedInterests += sharedInterests(p, g[i], g[j]);
        if (relation(p, g[i], g[j]) === NEVER_MET) s.neverMet++;
      }
    }
  }
  return s;
}

export function mateToGroups(mate: Int32Array): number[][] {
  const groups: number[][] = [];
  for (let v = 0; v < mate.length; v++) if (mate[v] > v) groups.push([v, mate[v]]);
  return groups;
}

/**
 * Test yardstick: the optimum score of an instance. For the trio policy every allowed triangle
 * is tried as the one trio (brute force; keep such instances to a few dozen people).
 */
export function exactOptimum(instance: MatchingInstance): Score {
  const p = buildProblem(instance);
  let best = scoreGroups(p, mateToGroups(exactMate(p)));
  if (instance.oddPolicy !== "trio" || best.placed === p.n) return best;
  const exclude = new Uint8Array(p.n);
  for (let a = 0; a < p.n; a++) {
    for (let b = a + 1; b < p.n; b++) {
      if (!allowed(p, a, b)) continue;
      for (let c = b + 1; c < p.n; c++) {
        if (!allowed(p, a, c) || !allowed(p, b, c)) continue;
        exclude[a] = exclude[b] = exclude[c] = 1;
        const groups = mateToGroups(exactMate(p, undefined, exclude));
        groups.push([a, b, c]);
        const s = scoreGroups(p, groups);
        if (compareScores(s, best) > 0) best = s;
        exclude[a] = exclude[b] = exclude[c] = 0;
      }
    }
  }
  return best;
}

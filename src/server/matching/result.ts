/** Turns a final matching (plus an optional trio) into the output JSON and its statistics. */
import { scoreGroups } from "./exact-optimum";
import type { Problem } from "./problem";
import { crossUpperBound } from "./problem";
import type { Rng } from "./rng";
import { shuffleInPlace } from "./rng";
import type { MatchingResult, MatchingStats } from "./types";

/** 0–100: half cross-department attainment against the bound, half freshness. */
export function qualityScore(
  cross: number,
  bound: number,
  neverMet: number,
  pairs: number,
): number {
  const attainment = bound === 0 ? 1 : Math.min(1, cross / bound);
  const freshness = pairs === 0 ? 1 : neverMet / pairs;
  return Math.round(1000 * (0.5 * attainment + 0.5 * freshness)) / 10;
}

export function buildResult(
  p: Problem,
  mate: Int32Array,
  trio: number[] | null,
  seed: number,
  method: MatchingStats["method"],
  rng: Rng,
  startedAt: number,
): MatchingResult {
  const inTrio = new Uint8Array(p.n);
  if (trio) for (const v of trio) inTrio[v] = 1;
  const groups: number[][] = [];
  const unmatched: string[] = [];
  for (let v = 0; v < p.n; v++) {
    if (inTrio[v]) continue;
    const m = mate[v];
    if (m === -1) unmatched.push(p.ids[v]);
    else if (m > v) groups.push([v, m]);
  }
  if (trio) groups.push(trio.slice());
  shuffleInPlace(groups, rng);
  const score = scoreGroups(p, groups);
  const pairs = groups.reduce((sum, g) => sum + (g.length === 3 ? 3 : 1), 0);
  const bound = crossUpperBound(p);
  return {
    groups: groups.map((g) => g.map((v) => p.ids[v])),
    unmatched,
    seed,
    stats: {
      placed: score.placed,
      unmatched: unmatched.length,
      groups: groups.length,
      trios: trio ? 1 : 0,
      crossDepartmentPairs: score.cross,
      neverMetPairs: score.neverMet,
      crossDepartmentUpperBound: bound,
      qualityScore: qualityScore(score.cross, bound, score.neverMet, pairs),
      method,
      elapsedMs: Math.round((performance.now() - startedAt) * 100) / 100,
    },
  };
}

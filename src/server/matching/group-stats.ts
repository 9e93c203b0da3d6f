/**
 * The statistics of a run with group choices (FORMAT.md, "Result" and "Groups by choice"): the
 * figures over everyone, and `groupFormation` over the groups holding someone who chose 3 or 4,
 * each figure with the bound it is measured against.
 */
import { planSizes } from "./group-plan";
import type { SearchSpace } from "./group-value";
import { NEVER_MET, relation, SAME } from "./problem";
import { qualityScore } from "./result";
import { isOneToOneTrio } from "./size-rules";
import type { GroupFormationStats, MatchingStats } from "./types";

interface Tally {
  placed: number;
  pairs: number;
  cross: number;
  never: number;
  bound: number;
}

/** Pairs, cross-department and never-met pairs of `groups`, and the cross-department bound. */
function tally(s: SearchSpace, groups: number[][]): Tally {
  const { p } = s;
  const places = new Float64Array(p.deptCount);
  const t = { placed: 0, pairs: 0, cross: 0, never: 0, bound: 0 };
  for (const g of groups) {
    t.placed += g.length;
    t.pairs += (g.length * (g.length - 1)) / 2;
    for (let i = 0; i < g.length; i++) {
      if (p.pref[g[i]] !== SAME) places[p.dept[g[i]]] += g.length - 1;
      for (let j = i + 1; j < g.length; j++) {
        if (p.dept[g[i]] !== p.dept[g[j]]) t.cross++;
        if (relation(p, g[i], g[j]) === NEVER_MET) t.never++;
      }
    }
  }
  let total = 0;
  for (const f of places) total += f;
  let half = 0;
  for (const f of places) half += Math.min(f, total - f);
  t.bound = Math.min(t.pairs, Math.floor(half / 2));
  return t;
}

function formation(s: SearchSpace, groups: number[][]): GroupFormationStats {
  const { choice } = s;
  let n3 = 0;
  let people = 0;
  for (let v = 0; v < s.p.n; v++) {
    if (choice[v] === 3) n3++;
    if (choice[v] !== 2) people++;
  }
  const withChoosers = groups.filter((g) => g.some((v) => choice[v] !== 2));
  const bySize = { "2": 0, "3": 0, "4": 0 };
  let placed = 0;
  let inChosen = 0;
  let other = 0;
  for (const g of withChoosers) {
    bySize[String(g.length) as "2" | "3" | "4"]++;
    for (const v of g) {
      if (choice[v] !== 2) placed++;
      if (choice[v] === g.length) inChosen += choice[v] === 2 ? 0 : 1;
      else other++;
    }
  }
  const t = tally(s, withChoosers);
  const share = (a: number, b: number) => (b === 0 ? 1 : Math.min(1, a / b));
  const quality = (share(placed, people) + share(t.cross, t.bound) + share(t.never, t.pairs)) / 3;
  return {
    people,
    placed,
    groupsBySize: bySize,
    inChosenSize: inChosen,
    otherSize: other,
    otherSizeMinimum: planSizes(n3, people - n3).otherSize,
    pairs: t.pairs,
    crossDepartmentPairs: t.cross,
    neverMetPairs: t.never,
    crossDepartmentUpperBound: t.bound,
    quality: Math.round(1000 * quality) / 10,
  };
}

export function groupStats(
  s: SearchSpace,
  groups: number[][],
): Omit<MatchingStats, "method" | "elapsedMs"> {
  const t = tally(s, groups);
  const trios = groups.filter((g) => isOneToOneTrio(g.map((v) => s.choice[v]))).length;
  return {
    placed: t.placed,
    unmatched: s.p.n - t.placed,
    groups: groups.length,
    trios,
    crossDepartmentPairs: t.cross,
    neverMetPairs: t.never,
    crossDepartmentUpperBound: t.bound,
    qualityScore: qualityScore(t.cross, t.bound, t.never, t.pairs),
    groupFormation: formation(s, groups),
  };
}

/**
 * Runs of instances in which some people chose groups of 3 or 4 (FORMAT.md, "Groups by
 * choice"): one search over everyone, pairs, trios and fours together, under the size rules of
 * size-rules.ts and the objective of group-value.ts (README.md, "The search with group sizes").
 *
 * - Up to SUBSET_LIMIT people: the exact programme over subsets (exact-subsets.ts).
 * - Beyond: a start (the one-to-one people paired by the pairs' engine, the others grouped by
 *   form-groups.ts), then augmenting exchanges for everyone left out (group-exchanges.ts), then,
 *   up to SEARCH_LIMIT people, the branch and bound over everyone from there
 *   (branch-and-bound.ts), which proves the most people placed within its budget.
 */

import type { OddPolicy } from "../../shared/enums";
import { branchAndBound } from "./branch-and-bound";
import { buildBuckets } from "./buckets";
import { bestOfSubsets, SUBSET_LIMIT } from "./exact-subsets";
import { formGroups } from "./form-groups";
import { exchangeLeftOut, Grouping } from "./group-exchanges";
import { groupStats } from "./group-stats";
import { groupValue, plus, type SearchSpace, ZERO } from "./group-value";
import type { ResolvedIds } from "./instance-fast-check";
import { buildProblem, type Problem, subProblem } from "./problem";
import { createRng, type Rng, randomSeed, shuffleInPlace } from "./rng";
import { oneToOneTrioLimit } from "./size-rules";
import type { MatchingInstance, MatchingOptions, MatchingResult, SearchStats } from "./types";

/** Up to this many people the branch and bound runs after the exchanges. */
export const SEARCH_LIMIT = 300;
/** Nodes per pass of the branch and bound ("exact" strategy: no limit). */
const SEARCH_BUDGET = 20_000;

export const hasGroupChoices = (instance: MatchingInstance): boolean =>
  instance.users.some((u) => u.groupSize !== undefined && u.groupSize !== 2);

/** The pairs' engine on some people (everyone one-to-one), as engine.ts runs it. */
type PairPeople = (
  p: Problem,
  oddPolicy: OddPolicy | undefined,
  seed: number,
  strategy: MatchingOptions["strategy"],
) => MatchingResult;

/**
 * The start of the search on larger instances: the one-to-one people paired by the pairs'
 * engine, the others grouped by form-groups.ts, each side on its own.
 */
function startGroups(
  s: SearchSpace,
  oddPolicy: OddPolicy | undefined,
  seed: number,
  pairPeople: PairPeople,
  rng: Rng,
): number[][] {
  const ones: number[] = [];
  const others: number[] = [];
  for (let v = 0; v < s.p.n; v++) (s.choice[v] === 2 ? ones : others).push(v);
  const pairs = pairPeople(subProblem(s.p, ones), oddPolicy, seed, "auto");
  const index = new Map<string, number>();
  for (const v of ones) index.set(s.p.ids[v], v);
  const groups = pairs.groups.map((g) => g.map((id) => index.get(id) as number));
  const choice = Uint8Array.from(others, (v) => s.choice[v]);
  const people = Array.from({ length: others.length }, (_, i) => i);
  for (const g of formGroups(subProblem(s.p, others), choice, people, rng))
    groups.push(g.map((i) => others[i]));
  return groups;
}

function search(
  instance: MatchingInstance,
  s: SearchSpace,
  options: MatchingOptions,
  seed: number,
  pairPeople: PairPeople,
): { groups: number[][]; search: SearchStats } {
  const rng = createRng(seed ^ 0x6a5d39e9);
  const order = Array.from({ length: s.p.n }, (_, v) => v);
  shuffleInPlace(order, rng);
  const strategy = options.strategy ?? "auto";
  if (strategy === "auto" && s.p.n <= SUBSET_LIMIT) {
    const best = bestOfSubsets(s, order, s.trioLimit);
    const stats = { method: "subsets", placedProven: true, optimal: true, exchanges: 0, nodes: 0 };
    return { groups: best.groups, search: stats as SearchStats };
  }
  const start = startGroups(s, instance.oddPolicy, seed, pairPeople, rng);
  const grouping = new Grouping(s, start);
  const exchanges = exchangeLeftOut(grouping, buildBuckets(s.p, rng), order, rng);
  const groups = grouping.list();
  const stats: SearchStats = {
    method: "exchanges",
    placedProven: false,
    optimal: false,
    exchanges,
    nodes: 0,
  };
  if (strategy === "fast" || (strategy === "auto" && s.p.n > SEARCH_LIMIT)) {
    return { groups, search: stats };
  }
  const value = groups.reduce((sum, g) => plus(sum, groupValue(s, g) ?? ZERO), ZERO);
  const budget = strategy === "exact" ? Number.POSITIVE_INFINITY : SEARCH_BUDGET;
  const best = branchAndBound(s, order, { groups, placed: grouping.placed, value }, budget);
  const { placedProven, optimal, nodes } = best;
  return {
    groups: best.groups,
    search: { ...stats, method: "branch-and-bound", placedProven, optimal, nodes },
  };
}

export function runWithGroups(
  instance: MatchingInstance,
  options: MatchingOptions,
  pairPeople: PairPeople,
  ids?: ResolvedIds,
): MatchingResult {
  const startedAt = performance.now();
  const seed = instance.seed ?? randomSeed();
  const p = buildProblem(instance, ids);
  const choice = Uint8Array.from(instance.users, (u) => u.groupSize ?? 2);
  const s: SearchSpace = { p, choice, trioLimit: oneToOneTrioLimit(instance.oddPolicy) };
  const found = search(instance, s, options, seed, pairPeople);
  const groups = found.groups;
  shuffleInPlace(groups, createRng(seed ^ 0x2545f491));
  const stats = groupStats(s, groups);
  const inGroup = new Uint8Array(p.n);
  for (const g of groups) for (const v of g) inGroup[v] = 1;
  return {
    groups: groups.map((g) => g.map((v) => p.ids[v])),
    unmatched: p.ids.filter((_, v) => !inGroup[v]),
    seed,
    stats: {
      ...stats,
      method: found.search.optimal ? "exact" : "fast",
      search: found.search,
      elapsedMs: Math.round((performance.now() - startedAt) * 100) / 100,
    },
  };
}

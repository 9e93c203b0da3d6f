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
import { branchAndBound } from "./branch-and-bound";
import { buildBuckets } from "./buckets";
import { bestOfSubsets, SUBSET_LIMIT } from "./exact-subsets";
import { formGroups } from "./form-groups";
import { exchangeLeftOut, Grouping } from "./group-exchanges";
import { groupStats } from "./group-stats";
import { groupValue, type SearchSpace } from "./group-value";
import type { ResolvedIds } from "./instance-fast-check";
import type { Problem } from "./problem";
import { buildProblem, resolveHistory } from "./problem";
import { createRng, randomSeed, shuffleInPlace } from "./rng";
import { oneToOneTrioLimit } from "./size-rules";
import type {
  MatchingInstance,
  MatchingOptions,
  MatchingResult,
  MatchingUser,
  SearchStats,
} from "./types";

/** Up to this many people the branch and bound runs after the exchanges. */
export const SEARCH_LIMIT = 300;
/** Nodes per pass of the branch and bound ("exact" strategy: no limit). */
const SEARCH_BUDGET = 20_000;

export const hasGroupChoices = (instance: MatchingInstance): boolean =>
  instance.users.some((u) => u.groupSize !== undefined && u.groupSize !== 2);

type RunPairs = (
  instance: MatchingInstance,
  options: MatchingOptions,
  ids?: ResolvedIds,
) => MatchingResult;

interface Part {
  instance: MatchingInstance;
  ids: ResolvedIds;
  /** The index in the whole instance of each of the part's people. */
  whole: number[];
}

/** The instance's history ids as people's indices, resolved once for every part of the run. */
function resolveIds(instance: MatchingInstance, ids?: ResolvedIds): ResolvedIds {
  const { users, history } = instance;
  if (ids && ids.users === users && ids.history === history) return ids;
  const index = new Map<string, number>();
  for (const [i, u] of users.entries()) {
    if (index.has(u.id)) throw new Error(`duplicate user id "${u.id}"`);
    index.set(u.id, i);
  }
  return { users, history, members: resolveHistory(instance, index) };
}

/**
 * The one-to-one people and the others as instances of their own, with their history ids
 * resolved once for both (each part keeps the groups of its own people).
 */
function split(instance: MatchingInstance, ids: ResolvedIds): [Part, Part] {
  const { users, history } = instance;
  const members = ids.members;
  const side = Uint8Array.from(users, (u) => ((u.groupSize ?? 2) === 2 ? 0 : 1));
  const at = new Int32Array(users.length);
  const lists: MatchingUser[][] = [[], []];
  const whole: number[][] = [[], []];
  for (const [i, u] of users.entries()) {
    at[i] = lists[side[i]].push(u) - 1;
    whole[side[i]].push(i);
  }
  return [0, 1].map((s): Part => {
    const own = members.map((x) => (x >= 0 && side[x] === s ? at[x] : -1));
    const part = { ...instance, users: lists[s] };
    return { instance: part, ids: { users: part.users, history, members: own }, whole: whole[s] };
  }) as [Part, Part];
}

/** The start of the search on larger instances: each side formed on its own. */
function startGroups(
  instance: MatchingInstance,
  s: SearchSpace,
  seed: number,
  runPairs: RunPairs,
  ids: ResolvedIds,
  rng: ReturnType<typeof createRng>,
): number[][] {
  const [pairPart, groupPart] = split(instance, ids);
  const pairs = runPairs({ ...pairPart.instance, seed }, { strategy: "auto" }, pairPart.ids);
  const index = new Map<string, number>();
  for (const i of pairPart.whole) index.set(s.p.ids[i], i);
  const groups = pairs.groups.map((g) => g.map((id) => index.get(id) as number));
  const gp = buildProblem(groupPart.instance, groupPart.ids);
  const choice = Uint8Array.from(groupPart.instance.users, (u) => u.groupSize ?? 2);
  const people = Array.from({ length: gp.n }, (_, v) => v);
  for (const g of formGroups(gp, choice, people, rng))
    groups.push(g.map((v) => groupPart.whole[v]));
  return groups;
}

function search(
  instance: MatchingInstance,
  s: SearchSpace,
  options: MatchingOptions,
  seed: number,
  runPairs: RunPairs,
  ids: ResolvedIds,
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
  const grouping = new Grouping(s, startGroups(instance, s, seed, runPairs, ids, rng));
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
  const value = groups.reduce((sum, g) => sum + groupValue(s, g), 0);
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
  runPairs: RunPairs,
  given?: ResolvedIds,
): MatchingResult {
  const startedAt = performance.now();
  const seed = instance.seed ?? randomSeed();
  const ids = resolveIds(instance, given);
  const p: Problem = buildProblem(instance, ids);
  const choice = Uint8Array.from(instance.users, (u) => u.groupSize ?? 2);
  const s: SearchSpace = { p, choice, trioLimit: oneToOneTrioLimit(instance.oddPolicy) };
  const found = search(instance, s, options, seed, runPairs, ids);
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

/**
 * Runs of instances in which some people chose groups of 3 or 4 (FORMAT.md, "Groups by
 * choice"): the one-to-one people are paired exactly as in an instance of their own, the others
 * form groups (form-groups.ts, or group-exact.ts for a few people), and the two results are
 * merged with the group figures in `stats.groupFormation`.
 */
import { formGroups } from "./form-groups";
import { EXACT_GROUP_LIMIT, exactGroups } from "./group-exact";
import { planSizes } from "./group-plan";
import type { ResolvedIds } from "./instance-fast-check";
import { countNewPairs, placeLeftovers } from "./place-leftovers";
import type { Problem } from "./problem";
import { buildProblem, NEVER_MET, relation, resolveHistory, SAME } from "./problem";
import { qualityScore } from "./result";
import { createRng, randomSeed, shuffleInPlace } from "./rng";
import type {
  GroupFormationStats,
  MatchingInstance,
  MatchingOptions,
  MatchingResult,
  MatchingUser,
} from "./types";

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
}

/**
 * The one-to-one people and the others as instances of their own, with their history ids
 * resolved once for both (each part keeps the groups of its own people).
 */
function split(instance: MatchingInstance, ids?: ResolvedIds): [Part, Part] {
  const { users, history } = instance;
  let members = ids && ids.users === users && ids.history === history ? ids.members : null;
  if (!members) {
    const index = new Map<string, number>();
    for (const [i, u] of users.entries()) {
      if (index.has(u.id)) throw new Error(`duplicate user id "${u.id}"`);
      index.set(u.id, i);
    }
    members = resolveHistory(instance, index);
  }
  const side = Uint8Array.from(users, (u) => ((u.groupSize ?? 2) === 2 ? 0 : 1));
  const at = new Int32Array(users.length);
  const lists: MatchingUser[][] = [[], []];
  for (const [i, u] of users.entries()) at[i] = lists[side[i]].push(u) - 1;
  return [0, 1].map((s): Part => {
    const own = members.map((x) => (x >= 0 && side[x] === s ? at[x] : -1));
    const part = { ...instance, users: lists[s] };
    return { instance: part, ids: { users: part.users, history, members: own } };
  }) as [Part, Part];
}

export function runWithGroups(
  instance: MatchingInstance,
  options: MatchingOptions,
  runPairs: RunPairs,
  ids?: ResolvedIds,
): MatchingResult {
  const startedAt = performance.now();
  const seed = instance.seed ?? randomSeed();
  const [pairPart, groupPart] = split(instance, ids);
  const pairs = runPairs({ ...pairPart.instance, seed }, options, pairPart.ids);
  const groupUsers = groupPart.instance.users;
  const p = buildProblem(groupPart.instance, groupPart.ids);
  const choice = Uint8Array.from(groupUsers, (u) => u.groupSize ?? 2);
  const rng = createRng(seed ^ 0x6a5d39e9);
  const people = Array.from({ length: p.n }, (_, v) => v);
  shuffleInPlace(people, rng);
  const exact = options.strategy !== "fast" && p.n <= EXACT_GROUP_LIMIT;
  const groups = exact ? exactGroups(p, choice, people) : formGroups(p, choice, people, rng);
  const stats = groupStats(p, choice, groups);
  const inGroup = new Uint8Array(p.n);
  for (const g of groups) for (const v of g) inGroup[v] = 1;
  const formed = [...pairs.groups, ...groups.map((g) => g.map((v) => p.ids[v]))];
  const late = placeLeftovers(
    instance,
    formed,
    [...pairs.unmatched, ...p.ids.filter((_, v) => !inGroup[v])],
    rng,
  );
  const all = late.groups;
  shuffleInPlace(all, rng);
  const unmatched = late.unmatched;
  const added = countNewPairs(instance, late.newPairs);
  const s = pairs.stats;
  const cross = s.crossDepartmentPairs + stats.crossDepartmentPairs + added.cross;
  const bound = s.crossDepartmentUpperBound + stats.crossDepartmentUpperBound;
  const neverMet = s.neverMetPairs + stats.neverMetPairs + added.neverMet;
  const pairCount = pairs.groups.reduce((n, g) => n + (g.length * (g.length - 1)) / 2, 0);
  const choices = new Map(instance.users.map((u) => [u.id, u.groupSize ?? 2]));
  const placedLate = late.newPairs.length > 0 ? otherSizeOf(all, choices) : null;
  return {
    groups: all,
    unmatched,
    seed,
    stats: {
      ...s,
      placed: all.reduce((n, g) => n + g.length, 0),
      unmatched: unmatched.length,
      groups: all.length,
      crossDepartmentPairs: cross,
      neverMetPairs: neverMet,
      crossDepartmentUpperBound: bound,
      qualityScore: qualityScore(
        cross,
        bound,
        neverMet,
        pairCount + stats.pairs + late.newPairs.length,
      ),
      groupFormation: placedLate ? { ...stats, ...placedLate } : stats,
      elapsedMs: Math.round((performance.now() - startedAt) * 100) / 100,
    },
  };
}

/** Who is in a group of another size than their choice, counted as validateResult counts them. */
function otherSizeOf(groups: string[][], choice: Map<string, number>) {
  let other = 0;
  let placed = 0;
  let inChosen = 0;
  for (const group of groups) {
    if (group.every((id) => choice.get(id) === 2)) continue;
    for (const id of group) {
      const k = choice.get(id) ?? 2;
      if (k !== 2) placed++;
      if (k === group.length) inChosen += k === 2 ? 0 : 1;
      else other++;
    }
  }
  // `placed` and `inChosenSize` count the people who chose 3 or 4; `otherSize` everyone in a group
  // of another size, one-to-one people who took a third included (group-sizes-check.ts).
  return { otherSize: other, placed, inChosenSize: inChosen };
}

function groupStats(p: Problem, choice: Uint8Array, groups: number[][]): GroupFormationStats {
  let n3 = 0;
  for (let v = 0; v < p.n; v++) if (choice[v] === 3) n3++;
  const bySize = { "2": 0, "3": 0, "4": 0 };
  const places = new Int32Array(p.deptCount);
  let placed = 0;
  let inChosen = 0;
  let pairs = 0;
  let cross = 0;
  let never = 0;
  for (const g of groups) {
    bySize[String(g.length) as "2" | "3" | "4"]++;
    placed += g.length;
    pairs += (g.length * (g.length - 1)) / 2;
    for (let i = 0; i < g.length; i++) {
      if (choice[g[i]] === g.length) inChosen++;
      if (p.pref[g[i]] !== SAME) places[p.dept[g[i]]] += g.length - 1;
      for (let j = i + 1; j < g.length; j++) {
        if (p.dept[g[i]] !== p.dept[g[j]]) cross++;
        if (relation(p, g[i], g[j]) === NEVER_MET) never++;
      }
    }
  }
  let total = 0;
  for (const f of places) total += f;
  let half = 0;
  for (const f of places) half += Math.min(f, total - f);
  const bound = Math.min(pairs, Math.floor(half / 2));
  const share = (a: number, b: number) => (b === 0 ? 1 : Math.min(1, a / b));
  const quality = (share(placed, p.n) + share(cross, bound) + share(never, pairs)) / 3;
  return {
    people: p.n,
    placed,
    groupsBySize: bySize,
    inChosenSize: inChosen,
    otherSize: placed - inChosen,
    otherSizeMinimum: planSizes(n3, p.n - n3).otherSize,
    pairs,
    crossDepartmentPairs: cross,
    neverMetPairs: never,
    crossDepartmentUpperBound: bound,
    quality: Math.round(1000 * quality) / 10,
  };
}

/**
 * The monthly pairing engine: a pure function from an instance to a result
 * (contract: src/server/matching/FORMAT.md).
 *
 * Small instances are solved exactly (maximum-weight maximum-cardinality blossom matching on the
 * explicit graph). Large ones take the fast path on the implicit graph: greedy construction by
 * department buckets, Edmonds augmenting paths from the exposed vertices until the matching is
 * maximum, then local exchanges for cross-department, shared-time, never-met and sit-out quality
 * and partner swaps for shared working time, then for shared interests. When someone chose a group of 3 or 4, one search
 * over every size takes over (groups-by-choice.ts), starting from the pairs of the one-to-one
 * people made here.
 */

import type { OddPolicy } from "../../shared/enums";
import { maximizeCardinality } from "./augment";
import { buildBuckets } from "./buckets";
import { exactMate } from "./exact-optimum";
import { greedyMatching } from "./greedy";
import { hasGroupChoices, runWithGroups } from "./groups-by-choice";
import { improveMatching } from "./improve";
import type { ResolvedIds } from "./instance-fast-check";
import { swapForSharedInterests } from "./interest-swaps";
import { withMeetings } from "./personal-rules";
import { buildProblem, type Problem } from "./problem";
import { buildResult } from "./result";
import { createRng, randomSeed } from "./rng";
import { swapForSharedTime } from "./time-swaps";
import { formTrio } from "./trio";
import type { MatchingInstance, MatchingOptions, MatchingResult } from "./types";

export type { MatchingInstance, MatchingOptions, MatchingResult } from "./types";
export { validateResult } from "./validate-result";

/** Up to this many people, "auto" solves exactly (a few tens of milliseconds). */
export const EXACT_LIMIT = 200;

/**
 * Pairs one month. Expects a valid instance (see `parseInstance` in instance-schema.ts); throws
 * on duplicate user ids or unknown preferences, and ignores history ids it does not know.
 * `options.strategy` forces the exact or the fast method (tests, benchmarks); `ids` are the ids
 * the instance check resolved (`prepareInstanceText`), so they are not looked up twice.
 */
export function runMatching(
  instance: MatchingInstance,
  options: MatchingOptions = {},
  ids?: ResolvedIds,
): MatchingResult {
  if (hasGroupChoices(instance)) {
    return withMeetings(instance, runWithGroups(instance, options, pairPeople, ids));
  }
  const startedAt = performance.now();
  const seed = instance.seed ?? randomSeed();
  const p = buildProblem(instance, ids);
  return withMeetings(
    instance,
    pairPeople(p, instance.oddPolicy, seed, options.strategy, startedAt),
  );
}

/** Pairs the people of `p` (everyone one-to-one): the exact or the fast method, then the trio. */
function pairPeople(
  p: Problem,
  oddPolicy: OddPolicy | undefined,
  seed: number,
  strategy: MatchingOptions["strategy"] = "auto",
  startedAt = performance.now(),
): MatchingResult {
  const rng = createRng(seed);
  const exact = strategy === "exact" || (strategy === "auto" && p.n <= EXACT_LIMIT);
  const buckets = buildBuckets(p, rng);
  let mate: Int32Array;
  if (exact) mate = exactMate(p, rng);
  else {
    mate = greedyMatching(p, buckets, rng);
    maximizeCardinality(p, buckets, mate);
    improveMatching(p, buckets, mate, rng);
    swapForSharedTime(p, buckets, mate, rng);
    swapForSharedInterests(p, mate, rng);
  }
  const trio = oddPolicy === "trio" ? formTrio(p, buckets, mate, rng) : null;
  return buildResult(p, mate, trio, seed, exact ? "exact" : "fast", rng, startedAt);
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runMatching, validateResult } from "./engine";
import { referenceMostPlaced, smallMixedInstances } from "./exact-reference";
import { referenceBestLevels, referenceResultLevels } from "./exact-reference-objective";
import type { MatchingInstance, MatchingOptions } from "./types";

/** MATCHING_FUZZ_SCALE=20 runs every property 20 times as often; bench:engine-exact runs many more. */
const scale = Number(process.env.MATCHING_FUZZ_SCALE ?? 1);
const runs = (n: number) => ({ numRuns: Math.max(1, Math.round(n * scale)) });
/**
 * Each property's time, for all its runs: CPU-bound, its run time grows with the scale and with a
 * busy machine (14 s for 60 runs while another file shared the two cores; Vitest's own limit is 30).
 */
const propertyTimeout = 180_000 * Math.max(1, scale);

/** Fails with the whole instance, so it can be replayed through `npm run match`. */
function expectMostPlaced(instance: MatchingInstance, options: MatchingOptions): void {
  const result = runMatching(instance, options);
  const problems = validateResult(instance, result);
  const most = referenceMostPlaced(instance);
  if (problems.length > 0 || result.stats.placed !== most) {
    throw new Error(
      `placed ${result.stats.placed} of a possible ${most} (${options.strategy ?? "auto"})${problems.map((p) => `\n  ${p}`).join("")}\ninstance: ${JSON.stringify(instance)}`,
    );
  }
  // Without group choices the pairs' engine runs (a maximum matching, exact by construction).
  if (result.stats.search) expect(result.stats.search.placedProven).toBe(true);
}

/**
 * Every level of the objective (shared interests included) against the reference, wherever the
 * search says it is optimal: the programme over subsets (default, up to 12 people) and the branch
 * and bound without a budget ("exact").
 */
function expectBestLevels(instance: MatchingInstance): void {
  const best = referenceBestLevels(instance);
  for (const strategy of ["auto", "exact"] as const) {
    const result = runMatching(instance, { strategy });
    // Without group choices the pairs' engine runs; its levels are tested by engine.property.test.ts.
    if (!result.stats.search?.optimal) continue;
    const levels = referenceResultLevels(instance, result.groups);
    if (levels.join() !== best.join()) {
      throw new Error(
        `levels ${levels.join(" ")}, the best ${best.join(" ")} (${strategy})\ninstance: ${JSON.stringify(instance)}`,
      );
    }
  }
}

describe(
  "the search over everyone against an exhaustive reference",
  { timeout: propertyTimeout },
  () => {
    it("places the most people possible on random instances with group choices and history", () => {
      fc.assert(
        fc.property(smallMixedInstances, (instance) => expectMostPlaced(instance, {})),
        runs(60),
      );
    });

    it("the branch and bound alone places as many, from the exchanges' start", () => {
      fc.assert(
        fc.property(smallMixedInstances, (instance) =>
          expectMostPlaced(instance, { strategy: "exact" }),
        ),
        runs(30),
      );
    });

    it("reaches the best of every level, shared interests included, where it says it is optimal", () => {
      let withInterests = 0;
      fc.assert(
        fc.property(smallMixedInstances, (instance) => {
          if (instance.users.some((u) => u.interests)) withInterests++;
          expectBestLevels(instance);
        }),
        runs(40),
      );
      // The draw gives about half the instances interest tags; the level must be exercised.
      expect(withInterests).toBeGreaterThan(0);
    });
  },
);

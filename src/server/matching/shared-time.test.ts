/**
 * Objective level 3, more shared working time (FORMAT.md), on every method: the exact pairs, the
 * fast pairs (forced with `strategy: "fast"`), and the search with group choices (the programme
 * over subsets, the branch and bound, and the start of the larger searches).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../../bench/generate-instance";
import { maximizeCardinality } from "./augment";
import { buildBuckets } from "./buckets";
import { runMatching, validateResult } from "./engine";
import { compareScores, exactOptimum, mateToGroups, scoreGroups } from "./exact-optimum";
import { greedyMatching } from "./greedy";
import { improveMatching } from "./improve";
import { buildProblem } from "./problem";
import { createRng } from "./rng";
import { swapForSharedTime } from "./time-swaps";
import type { MatchingInstance, MatchingResult, MatchingUser } from "./types";

const weekdays = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
const ZONES: Record<string, Pick<MatchingUser, "timeZone" | "hours">> = {
  b: { timeZone: "Europe/Berlin", hours: weekdays("09:00", "17:00") },
  n: { timeZone: "America/New_York", hours: weekdays("09:00", "17:00") },
  k: { timeZone: "Asia/Kolkata", hours: weekdays("09:30", "18:00") },
};

/** People named zone + number (b1, n2, k3), in the departments given, everyone "any". */
function people(
  roster: [name: string, department: string, groupSize?: 2 | 3 | 4][],
): MatchingUser[] {
  return roster.map(([id, department, groupSize]) => ({
    id,
    department,
    preference: "any",
    ...ZONES[id[0]],
    ...(groupSize ? { groupSize } : {}),
  }));
}

const instance = (users: MatchingUser[], extra: Partial<MatchingInstance> = {}) => ({
  month: "2027-03",
  repeatWindowMonths: 3,
  users,
  overlapFrom: "2027-03-08",
  minOverlapMinutes: 60,
  ...extra,
});

/** Each group's people by zone letter, e.g. ["bb", "kk", "nn"]: one zone per group is best. */
const zonesOf = (result: MatchingResult) =>
  result.groups
    .map((g) =>
      g
        .map((id) => id[0])
        .sort()
        .join(""),
    )
    .sort();

describe("the fast pairs rank by shared time", () => {
  // Six people in six departments: every pairing places everyone and is all cross-department, so
  // level 3 decides; the same-zone pairs met before (outside the window), so level 4 would not.
  const six = people([
    ["b1", "d1"],
    ["n1", "d2"],
    ["k1", "d3"],
    ["b2", "d4"],
    ["n2", "d5"],
    ["k2", "d6"],
  ]);
  const metBefore = [
    { users: ["b1", "b2"], month: "2026-06" },
    { users: ["n1", "n2"], month: "2026-06" },
    { users: ["k1", "k2"], month: "2026-06" },
  ];

  it("pairs people of one zone when cross-department pairs tie, on every seed", () => {
    for (let seed = 1; seed <= 12; seed++) {
      for (const strategy of ["fast", "exact"] as const) {
        const inst = instance(six, { seed, history: metBefore });
        const result = runMatching(inst, { strategy });
        expect(validateResult(inst, result)).toEqual([]);
        expect(zonesOf(result)).toEqual(["bb", "kk", "nn"]);
      }
    }
  });

  it("comes within 5% of the exact optimum's shared time on sixty people in three zones", () => {
    const users = people(
      Array.from(
        { length: 60 },
        (_, i) => [`${"bnk"[i % 3]}${i}`, `d${i % 7}`] as [string, string],
      ),
    );
    for (let seed = 1; seed <= 4; seed++) {
      const inst = instance(users, { seed });
      const best = exactOptimum(inst);
      const result = runMatching(inst, { strategy: "fast" });
      expect(validateResult(inst, result)).toEqual([]);
      expect(result.stats.crossDepartmentPairs).toBe(best.cross);
      const p = buildProblem(inst);
      const at = new Map(p.ids.map((id, i) => [id, i]));
      const score = scoreGroups(
        p,
        result.groups.map((g) => g.map((id) => at.get(id) as number)),
      );
      // Two partner swaps cannot always reach it (departments may need a longer rotation).
      expect(score.sharedHours).toBeGreaterThanOrEqual(0.95 * best.sharedHours);
    }
  });

  it("swaps partners so both pairs share more time, never across a cross-department loss", () => {
    const inst = instance(
      people([
        ["b1", "d1"],
        ["n1", "d2"],
        ["b2", "d3"],
        ["n2", "d4"],
        ["k1", "d5"],
        ["k2", "d5"],
        ["b3", "d6"],
        ["b4", "d7"],
      ]),
      { seed: 3 },
    );
    const p = buildProblem(inst);
    const id = (name: string) => p.ids.indexOf(name);
    const mate = new Int32Array(p.n).fill(-1);
    const pair = (a: string, b: string) => {
      mate[id(a)] = id(b);
      mate[id(b)] = id(a);
    };
    pair("b1", "n1");
    pair("b2", "n2");
    // k1 + k2 and b3 + b4 would share more, but k1 and k2 are one department: kept.
    pair("k1", "b3");
    pair("k2", "b4");
    const rng = createRng(1);
    swapForSharedTime(p, buildBuckets(p, rng), mate, rng);
    const partner = (name: string) => p.ids[mate[id(name)]];
    expect([partner("b1"), partner("n1")]).toEqual(["b2", "n2"]);
    expect([partner("k1"), partner("k2")]).toEqual(["b3", "b4"]);
    expect(scoreGroups(p, mateToGroups(mate)).cross).toBe(4);
  });
});

describe("the fast pairs never end below their start", () => {
  const params = fc.record({
    people: fc.integer({ min: 20, max: 400 }),
    departments: fc.integer({ min: 2, max: 25 }),
    window: fc.integer({ min: 1, max: 12 }),
    mix: fc.tuple(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 4 }),
    ),
    minOverlap: fc.constantFrom(0, 60, 240),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
  });

  it("keeps the objective at least where greedy start and augmenting paths left it", () => {
    fc.assert(
      fc.property(params, ({ people, departments, window, mix, minOverlap, seed }) => {
        const inst = generateInstance({
          people,
          departments,
          seed,
          repeatWindowMonths: window,
          preferenceMix: mix,
          minOverlapMinutes: minOverlap,
        });
        // As engine.ts runs the fast method, with the start's score taken on the way.
        const p = buildProblem(inst);
        const rng = createRng(seed);
        const buckets = buildBuckets(p, rng);
        const mate = greedyMatching(p, buckets, rng);
        maximizeCardinality(p, buckets, mate);
        const start = scoreGroups(p, mateToGroups(mate));
        improveMatching(p, buckets, mate, rng);
        swapForSharedTime(p, buckets, mate, rng);
        const end = scoreGroups(p, mateToGroups(mate));
        expect(compareScores(end, start)).toBeGreaterThanOrEqual(0);
        expect(end.placed).toBe(start.placed);
        if (end.cross === start.cross)
          expect(end.sharedHours).toBeGreaterThanOrEqual(start.sharedHours);
      }),
      { numRuns: 25 },
    );
  });
});

describe("the search with group choices ranks by shared time", () => {
  /** People of `zones` (one letter each) across departments x, y, z in turn, all choosing 3. */
  const trios = (zones: string) =>
    people(Array.from(zones, (z, i) => [`${z}${i}`, "xyz"[i % 3], 3]));

  it("the programme over subsets: two trios, one zone each", () => {
    const inst = instance(trios("bkbkbk"), { seed: 5 });
    const result = runMatching(inst);
    expect(validateResult(inst, result)).toEqual([]);
    expect(result.stats.search?.method).toBe("subsets");
    expect(zonesOf(result)).toEqual(["bbb", "kkk"]);
  });

  it("the branch and bound: five trios, one zone each", () => {
    const inst = instance(trios("bbbkkkbbbkkkbbb"), { seed: 9 });
    const result = runMatching(inst);
    expect(validateResult(inst, result)).toEqual([]);
    expect(result.stats.search?.method).toBe("branch-and-bound");
    expect(zonesOf(result)).toEqual(["bbb", "bbb", "bbb", "kkk", "kkk"]);
    expect(result.stats.crossDepartmentPairs).toBe(15);
  });

  it("the start of the larger searches: groups formed by shared time", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const inst = instance(trios("bnbnbnbnbnbn"), { seed });
      const result = runMatching(inst, { strategy: "fast" });
      expect(validateResult(inst, result)).toEqual([]);
      expect(zonesOf(result)).toEqual(["bbb", "bbb", "nnn", "nnn"]);
    }
  });

  it("still puts cross-department pairs before shared time", () => {
    // Berlin people all in x and Kolkata people all in y: one zone per trio would be all same
    // department, so the trios mix zones to mix departments.
    const users = people([
      ["b1", "x", 3],
      ["b2", "x", 3],
      ["b3", "x", 3],
      ["k1", "y", 3],
      ["k2", "y", 3],
      ["k3", "y", 3],
    ]);
    const result = runMatching(instance(users, { seed: 2 }));
    expect(result.stats.crossDepartmentPairs).toBe(4);
  });
});

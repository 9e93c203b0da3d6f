import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../../bench/generate-instance";
import { matchingPreferences } from "../../shared/enums";
import { runMatching, validateResult } from "./engine";
import { exactOptimum, type Score } from "./exact-optimum";
import { RANDOM_OVERLAP_FROM, RANDOM_SCHEDULES } from "./exact-reference";
import { buildProblem, sharedHours, sharedInterests } from "./problem";
import type { HistoryGroup, MatchingInstance, MatchingResult } from "./types";
import { formatMonth, monthIndex } from "./window";

/** Rule 5's fields of one person, drawn as numbers (ids modulo the number of people). */
const ownRules = fc.record({
  avoid: fc.array(fc.nat(), { maxLength: 3 }),
  manager: fc.option(fc.nat()),
  meet: fc.option(fc.constantFrom("in-person" as const, "online" as const, "either" as const)),
  office: fc.option(fc.constantFrom("Berlin", "Paris")),
  interests: fc.uniqueArray(fc.constantFrom("climbing", "chess", "jazz", "tea", "running"), {
    maxLength: 4,
  }),
});

function ownRulesOf(rules: typeof ownRules extends fc.Arbitrary<infer R> ? R : never, n: number) {
  return {
    ...(rules.avoid.length > 0 ? { avoid: rules.avoid.map((a) => `p${a % (n + 1)}`) } : {}),
    ...(rules.manager === null ? {} : { manager: `p${rules.manager % n}` }),
    ...(rules.meet === null ? {} : { meet: rules.meet }),
    ...(rules.office === null ? {} : { office: rules.office }),
    ...(rules.interests.length > 0 ? { interests: rules.interests } : {}),
  };
}

/**
 * Random instances small enough for the exact yardstick: few departments and a long, dense
 * history (up to 15 months back, window up to 12), so the allowed graph is sparse and irregular
 * and maximum matchings need augmenting paths through blossoms.
 */
const instances = (maxPeople: number) =>
  fc
    .record({
      people: fc.array(
        fc.record({
          dept: fc.nat(5),
          pref: fc.constantFrom(...matchingPreferences),
          satOut: fc.boolean(),
          schedule: fc.nat(RANDOM_SCHEDULES.length - 1),
          rules: fc.option(ownRules, { freq: 2 }),
        }),
        { maxLength: maxPeople },
      ),
      history: fc.array(
        fc.record({
          a: fc.nat(),
          b: fc.nat(),
          c: fc.option(fc.nat()),
          back: fc.integer({ min: 1, max: 15 }),
        }),
        { maxLength: maxPeople * 3 },
      ),
      window: fc.integer({ min: 0, max: 12 }),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      oddPolicy: fc.constantFrom("sit-out" as const, "trio" as const),
      minOverlap: fc.option(fc.constantFrom(0, 60, 90, 240, 600)),
    })
    .map(({ people, history, window, seed, oddPolicy, minOverlap }): MatchingInstance => {
      const n = people.length;
      const groups: HistoryGroup[] = [];
      for (const h of n >= 2 ? history : []) {
        const ids = [h.a % n, h.b % n, ...(h.c === null ? [] : [h.c % n])];
        if (new Set(ids).size !== ids.length) continue;
        groups.push({
          users: ids.map((i) => `p${i}`),
          month: formatMonth(monthIndex("2027-03") - h.back),
        });
      }
      return {
        month: "2027-03",
        repeatWindowMonths: window,
        seed,
        oddPolicy,
        users: people.map((x, i) => ({
          id: `p${i}`,
          department: `d${x.dept}`,
          preference: x.pref,
          ...(x.satOut ? { lastSatOut: true } : {}),
          ...(minOverlap === null ? {} : RANDOM_SCHEDULES[x.schedule]),
          ...(x.rules ? ownRulesOf(x.rules, n) : {}),
        })),
        history: groups,
        ...(minOverlap === null
          ? {}
          : { overlapFrom: RANDOM_OVERLAP_FROM, minOverlapMinutes: minOverlap }),
      };
    });

function scoreOf(inst: MatchingInstance, result: MatchingResult): Score {
  const satOut = new Set(inst.users.filter((u) => u.lastSatOut).map((u) => u.id));
  const placed = result.groups.flat();
  const p = buildProblem(inst);
  const at = new Map(p.ids.map((id, i) => [id, i]));
  const pairs = result.groups.flatMap((g) =>
    g.flatMap((a, i) => g.slice(i + 1).map((b) => [at.get(a)!, at.get(b)!])),
  );
  return {
    placed: result.stats.placed,
    cross: result.stats.crossDepartmentPairs,
    sharedHours: pairs.reduce((sum, [a, b]) => sum + sharedHours(p, a, b), 0),
    sharedInterests: pairs.reduce((sum, [a, b]) => sum + sharedInterests(p, a, b), 0),
    neverMet: result.stats.neverMetPairs,
    satOutPlaced: placed.filter((id) => satOut.has(id)).length,
  };
}

/** MATCHING_FUZZ_SCALE=20 npx vitest run ... runs every property 20 times as often. */
const scale = Number(process.env.MATCHING_FUZZ_SCALE ?? 1);
const runs = (n: number) => ({ numRuns: Math.max(1, Math.round(n * scale)) });
/**
 * Each property's time, for all its runs: CPU-bound, its run time grows with the scale and with a
 * busy machine (21 s for 150 runs while another file shared the two cores; Vitest's own limit is 30).
 */
const propertyTimeout = 180_000 * Math.max(1, scale);

const sitOut = (inst: MatchingInstance): MatchingInstance => ({ ...inst, oddPolicy: "sit-out" });

describe("runMatching on random instances", { timeout: propertyTimeout }, () => {
  it("never breaks a rule and lists everyone exactly once", () => {
    fc.assert(
      fc.property(instances(40), (inst) => {
        for (const strategy of ["exact", "fast"] as const) {
          expect(validateResult(inst, runMatching(inst, { strategy }))).toEqual([]);
        }
      }),
      runs(150),
    );
  });

  it("gives the same result for the same seed", () => {
    fc.assert(
      fc.property(instances(40), (inst) => {
        for (const strategy of ["exact", "fast"] as const) {
          const a = runMatching(inst, { strategy });
          const b = runMatching(inst, { strategy });
          expect([b.groups, b.unmatched, b.seed]).toEqual([a.groups, a.unmatched, a.seed]);
        }
      }),
      runs(60),
    );
  });

  it("fast path: places exactly the optimum and keeps at least 99% of its cross-department pairs", () => {
    fc.assert(
      fc.property(instances(40), (raw) => {
        const inst = sitOut(raw);
        const best = exactOptimum(inst);
        const got = runMatching(inst, { strategy: "fast" }).stats;
        expect(got.placed).toBe(best.placed);
        expect(got.crossDepartmentPairs).toBeGreaterThanOrEqual(0.99 * best.cross);
      }),
      runs(200),
    );
  });

  it("fast path with interests: the interest swaps lose nothing above them and only gain shared tags", () => {
    fc.assert(
      fc.property(instances(40), (raw) => {
        const inst = sitOut(raw);
        // The same instance without tags: every step before the swaps is the same.
        const bare = { ...inst, users: inst.users.map(({ interests: _, ...u }) => u) };
        const result = runMatching(inst, { strategy: "fast" });
        expect(validateResult(inst, result)).toEqual([]);
        const got = scoreOf(inst, result);
        const before = scoreOf(inst, runMatching(bare, { strategy: "fast" }));
        const best = exactOptimum(inst);
        expect(got.placed).toBe(best.placed);
        expect(got.placed).toBe(before.placed);
        // Lexicographic on (cross, shared hours, shared tags): never worse than before the swaps.
        const levels = (s: Score) => [s.cross, s.sharedHours, s.sharedInterests];
        const [a, b] = [levels(got), levels(before)];
        const first = a.findIndex((x, i) => x !== b[i]);
        if (first >= 0) expect(a[first]).toBeGreaterThan(b[first]);
      }),
      runs(150),
    );
  });

  it("exact path: reaches the optimum on every level of the objective", () => {
    fc.assert(
      fc.property(instances(30), (raw) => {
        const inst = sitOut(raw);
        expect(scoreOf(inst, runMatching(inst, { strategy: "exact" }))).toEqual(exactOptimum(inst));
      }),
      runs(100),
    );
  });

  it("trio policy: places as many people as the best single trio allows", () => {
    fc.assert(
      fc.property(instances(12), (raw) => {
        const inst: MatchingInstance = { ...raw, oddPolicy: "trio" };
        const best = exactOptimum(inst);
        for (const strategy of ["exact", "fast"] as const) {
          const result = runMatching(inst, { strategy });
          expect(validateResult(inst, result)).toEqual([]);
          expect(result.stats.placed).toBe(best.placed);
        }
      }),
      runs(150),
    );
  });

  it("fast path on a few hundred people: optimum placed, at least 99% of optimum cross pairs", () => {
    const params = fc.record({
      people: fc.integer({ min: 100, max: 300 }),
      departments: fc.integer({ min: 2, max: 25 }),
      window: fc.integer({ min: 1, max: 12 }),
      skew: fc.double({ min: 0, max: 1.5, noNaN: true }),
      mix: fc.tuple(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
      ),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(params, ({ people, departments, window, skew, mix, seed }) => {
        const inst = generateInstance({
          people,
          departments,
          seed,
          skew,
          repeatWindowMonths: window,
          preferenceMix: mix,
        });
        const best = exactOptimum(inst);
        const result = runMatching(inst, { strategy: "fast" });
        expect(validateResult(inst, result)).toEqual([]);
        expect(result.stats.placed).toBe(best.placed);
        expect(result.stats.crossDepartmentPairs).toBeGreaterThanOrEqual(0.99 * best.cross);
      }),
      runs(12),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchingPreferences } from "../../shared/enums";
import { runMatching, validateResult } from "./engine";
import { compareScores, exactOptimum, type Score, scoreGroups } from "./exact-optimum";
import { RANDOM_OVERLAP_FROM, RANDOM_SCHEDULES } from "./exact-reference";
import { allowed, buildProblem, type Problem } from "./problem";
import { buildInterests, sharedInterestCount } from "./shared-interests";
import type { MatchingInstance, MatchingUser } from "./types";

const person = (id: string, interests: string[], department = "d"): MatchingUser => ({
  id,
  department,
  preference: "any",
  interests,
});

const instance = (users: MatchingUser[]): MatchingInstance => ({
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 7,
  users,
});

/** The best score over every set of pairs, by trying them all (independent of the weights). */
function bruteForceBest(p: Problem): Score {
  let best: Score | null = null;
  const taken = new Uint8Array(p.n);
  const groups: number[][] = [];
  const walk = (v: number) => {
    while (v < p.n && taken[v]) v++;
    if (v === p.n) {
      const s = scoreGroups(p, groups);
      if (!best || compareScores(s, best) > 0) best = s;
      return;
    }
    taken[v] = 1;
    walk(v + 1);
    for (let w = v + 1; w < p.n; w++) {
      if (taken[w] || !allowed(p, v, w)) continue;
      taken[w] = 1;
      groups.push([v, w]);
      walk(v + 1);
      groups.pop();
      taken[w] = 0;
    }
    taken[v] = 0;
  };
  walk(0);
  return best ?? scoreGroups(p, []);
}

const TAGS = ["climbing", "chess", "jazz", "tea", "running"] as const;

const smallInstances = fc
  .record({
    people: fc.array(
      fc.record({
        dept: fc.nat(3),
        pref: fc.constantFrom(...matchingPreferences),
        schedule: fc.nat(RANDOM_SCHEDULES.length - 1),
        interests: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 4 }),
        meet: fc.constantFrom("either" as const, "online" as const, "in-person" as const),
      }),
      { maxLength: 10 },
    ),
    zones: fc.boolean(),
    seed: fc.nat(),
  })
  .map(
    ({ people, zones, seed }): MatchingInstance => ({
      month: "2027-03",
      repeatWindowMonths: 3,
      seed,
      oddPolicy: "sit-out",
      users: people.map((x, i) => ({
        id: `p${i}`,
        department: `d${x.dept}`,
        preference: x.pref,
        interests: [...x.interests],
        meet: x.meet,
        office: "Berlin",
        ...(zones ? RANDOM_SCHEDULES[x.schedule] : {}),
      })),
      ...(zones ? { overlapFrom: RANDOM_OVERLAP_FROM, minOverlapMinutes: 60 } : {}),
    }),
  );

describe("shared interests (FORMAT.md, objective level 4)", () => {
  it("counts the tags two people share, each once, up to the cap", () => {
    const many = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const s = buildInterests([
      person("a", ["jazz", "tea", "jazz"]),
      person("b", ["tea", "jazz", "chess"]),
      person("c", []),
      person("d", many),
      person("e", many),
    ])!;
    expect(sharedInterestCount(s, 0, 1)).toBe(2);
    expect(sharedInterestCount(s, 0, 2)).toBe(0);
    expect(sharedInterestCount(s, 3, 4)).toBe(10);
    expect(buildInterests([person("a", []), person("b", [])])).toBeNull();
  });

  it("pairs the people who share the most interests, with cross-department pairs first", () => {
    const users = [
      person("a", ["climbing", "jazz"]),
      person("b", ["tea"]),
      person("c", ["tea", "chess"]),
      person("d", ["climbing", "jazz", "chess"]),
    ];
    for (const strategy of ["exact", "fast"] as const) {
      const result = runMatching(instance(users), { strategy });
      expect(validateResult(instance(users), result)).toEqual([]);
      if (strategy === "exact") {
        expect(result.groups.map((g) => [...g].sort()).sort()).toEqual([
          ["a", "d"],
          ["b", "c"],
        ]);
      }
    }
    // A cross-department pair outranks shared interests.
    const split = [
      person("a", ["climbing"], "x"),
      person("b", ["climbing"], "x"),
      person("c", [], "y"),
      person("d", [], "y"),
    ];
    const groups = runMatching(instance(split), { strategy: "exact" }).groups;
    for (const g of groups) expect(g.some((id) => id === "a" || id === "b")).toBe(true);
  });

  it("the fast method swaps partners towards shared tags, keeping everyone placed", () => {
    // 400 people, one department, half like chess and half jazz: the best pairs share a tag each.
    const users = Array.from({ length: 400 }, (_, i) =>
      person(`p${i}`, [i % 2 === 0 ? "chess" : "jazz"]),
    );
    const shared = (result: ReturnType<typeof runMatching>) => {
      const tags = new Map(users.map((u) => [u.id, u.interests?.[0]]));
      return result.groups.filter(([a, b]) => tags.get(a) === tags.get(b)).length;
    };
    const inst = instance(users);
    const result = runMatching(inst, { strategy: "fast" });
    expect(validateResult(inst, result)).toEqual([]);
    expect(result.stats.placed).toBe(400);
    const bare = instance(users.map(({ interests: _, ...u }) => u));
    const before = shared(runMatching(bare, { strategy: "fast" }));
    // Random pairs share a tag about half the time; the swaps bring nearly all of them together.
    expect(shared(result)).toBeGreaterThan(before);
    expect(shared(result)).toBeGreaterThanOrEqual(180);
  });

  it("the exact method reaches the best of every set of pairs, level by level", () => {
    fc.assert(
      fc.property(smallInstances, (inst) => {
        expect(exactOptimum(inst)).toEqual(bruteForceBest(buildProblem(inst)));
      }),
      { numRuns: 150 },
    );
  });
});

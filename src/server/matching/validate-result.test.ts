import { describe, expect, it } from "vitest";
import type { MatchingInstance, MatchingResult } from "./types";
import { validateResult } from "./validate-result";

const instance: MatchingInstance = {
  month: "2027-01",
  repeatWindowMonths: 2,
  users: [
    { id: "s1", department: "X", preference: "same-department" },
    { id: "s2", department: "X", preference: "same-department" },
    { id: "c1", department: "Y", preference: "cross-department" },
    { id: "a1", department: "X", preference: "any" },
    { id: "a2", department: "Z", preference: "any" },
  ],
  history: [
    { users: ["c1", "a1"], month: "2026-12" },
    { users: ["s1", "s2"], month: "2026-10" },
  ],
};

function result(groups: string[][], unmatched: string[]): MatchingResult {
  let cross = 0;
  let neverMet = 0;
  const dept = new Map(instance.users.map((u) => [u.id, u.department]));
  const met = new Set(instance.history?.map((h) => [...h.users].sort().join("+")));
  for (const g of groups) {
    for (let i = 0; i < g.length; i++) {
      for (let j = i + 1; j < g.length; j++) {
        if (dept.get(g[i]) !== dept.get(g[j])) cross++;
        if (!met.has([g[i], g[j]].sort().join("+"))) neverMet++;
      }
    }
  }
  return {
    groups,
    unmatched,
    seed: 1,
    stats: {
      placed: groups.flat().length,
      unmatched: unmatched.length,
      groups: groups.length,
      trios: groups.filter((g) => g.length === 3).length,
      crossDepartmentPairs: cross,
      neverMetPairs: neverMet,
      crossDepartmentUpperBound: 0,
      qualityScore: 0,
      method: "fast",
      elapsedMs: 0,
    },
  };
}

describe("validateResult", () => {
  it("accepts a result that keeps every rule", () => {
    expect(
      validateResult(
        instance,
        result(
          [
            ["s1", "s2"],
            ["c1", "a2"],
          ],
          ["a1"],
        ),
      ),
    ).toEqual([]);
  });

  it("reports a person placed twice or missing (rule 1)", () => {
    expect(
      validateResult(
        instance,
        result(
          [
            ["s1", "s2"],
            ["c1", "s1"],
          ],
          ["a1"],
        ),
      ),
    ).toEqual(
      expect.arrayContaining([
        'rule 1: "s1" appears more than once',
        '"a2" is neither in a group nor unmatched',
      ]),
    );
  });

  it("reports pairs the preferences do not allow (rule 2)", () => {
    const problems = validateResult(
      instance,
      result(
        [
          ["s1", "c1"],
          ["s2", "a2"],
        ],
        ["a1"],
      ),
    );
    expect(problems.filter((p) => p.startsWith("rule 2"))).toHaveLength(2);
  });

  it("reports a repeat inside the window, across the year boundary (rule 3)", () => {
    expect(validateResult(instance, result([["c1", "a1"]], ["s1", "s2", "a2"]))).toEqual([
      'rule 3: "c1" and "a1" met within the last 2 months',
    ]);
  });

  it("reports trios under the sit-out policy, more than one trio, and unknown people", () => {
    const trio = result([["a1", "a2", "c1"]], ["s1", "s2", "ghost"]);
    expect(validateResult(instance, trio)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/is a trio but oddPolicy is "sit-out"/),
        'unknown user "ghost" in unmatched',
      ]),
    );
    const twoTrios = result(
      [
        ["a1", "a2", "c1"],
        ["s1", "s2", "a1"],
      ],
      [],
    );
    expect(validateResult({ ...instance, oddPolicy: "trio" }, twoTrios)).toContain(
      "2 trios; at most one group of three is allowed",
    );
  });

  it("reports statistics that do not match the groups", () => {
    const r = result(
      [
        ["s1", "s2"],
        ["c1", "a2"],
      ],
      ["a1"],
    );
    r.stats.placed = 5;
    r.stats.crossDepartmentPairs = 0;
    expect(validateResult(instance, r)).toEqual([
      "stats.placed is 5, groups hold 4",
      "stats.crossDepartmentPairs is 0, groups have 1",
    ]);
  });
});

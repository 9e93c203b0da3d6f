import { describe, expect, it } from "vitest";
import { runMatching, validateResult } from "./engine";
import type { MatchingInstance, MatchingOptions, MatchingUser } from "./types";

function run(instance: MatchingInstance, options: MatchingOptions = {}) {
  const result = runMatching(instance, options);
  expect(validateResult(instance, result)).toEqual([]);
  return result;
}

const user = (
  id: string,
  department: string,
  preference: MatchingUser["preference"],
  groupSize?: 3 | 4,
): MatchingUser => ({ id, department, preference, ...(groupSize ? { groupSize } : {}) });

/** Found by comparing with an exhaustive search: the two sides solved apart placed 9 of 14. */
const fourteen: MatchingInstance = {
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 195819,
  oddPolicy: "sit-out",
  users: [
    user("u0", "d0", "any"),
    user("u1", "d0", "cross-department"),
    user("u2", "d1", "any"),
    user("u3", "d0", "cross-department"),
    user("u4", "d0", "any"),
    user("u5", "d0", "cross-department", 4),
    user("u6", "d0", "cross-department", 4),
    user("u7", "d1", "cross-department", 3),
    user("u8", "d1", "any", 4),
    user("u9", "d1", "any"),
    user("u10", "d1", "any"),
    user("u11", "d1", "any"),
    user("u12", "d0", "any", 4),
    user("u13", "d2", "any"),
  ],
  history: [
    ...[
      ["u8", "u12"],
      ["u2", "u1"],
      ["u0", "u4", "u9"],
      ["u6", "u13"],
      ["u11", "u7"],
      ["u5", "u3", "u10"],
    ].map((users) => ({ users, month: "2027-01" })),
    ...[
      ["u3", "u5"],
      ["u2", "u11"],
      ["u6", "u10"],
      ["u1", "u9"],
      ["u4", "u8", "u7"],
      ["u0", "u12", "u13"],
    ].map((users) => ({ users, month: "2027-02" })),
  ],
};

/**
 * A first month: eleven people, Frank only within Marketing, Henry only within Engineering and in
 * a group of four, everyone else one-to-one. Henry's group can only be a trio of Engineering
 * people who take anyone, and Frank's partner only Carol.
 */
const firstMonth = (oddPolicy: "sit-out" | "trio"): MatchingInstance => ({
  month: "2027-01",
  repeatWindowMonths: 3,
  seed: 11,
  oddPolicy,
  users: [
    user("alice", "engineering", "any"),
    user("bob", "sales", "cross-department"),
    user("carol", "marketing", "any"),
    user("dave", "engineering", "any"),
    user("eve", "sales", "any"),
    user("frank", "marketing", "same-department"),
    user("grace", "people", "cross-department"),
    user("henry", "engineering", "same-department", 4),
    user("ivy", "marketing", "cross-department"),
    user("jack", "finance", "any"),
    user("kate", "engineering", "cross-department"),
  ],
  history: [],
});

/** January after a December of three trios: c1 (sales, cross-department) chose 4, c5 chose 3. */
const scheduledDraft = (oddPolicy: "sit-out" | "trio"): MatchingInstance => ({
  month: "2027-01",
  repeatWindowMonths: 3,
  seed: 5,
  oddPolicy,
  users: [
    user("c0", "engineering", "any"),
    user("c1", "sales", "cross-department", 4),
    user("c2", "engineering", "any"),
    user("c3", "marketing", "any"),
    user("c4", "sales", "any"),
    user("c5", "people", "any", 3),
    user("c6", "finance", "any"),
    user("c7", "marketing", "any"),
    user("c8", "engineering", "any"),
  ],
  history: [
    { users: ["c5", "c3", "c1"], month: "2026-12" },
    { users: ["c4", "c2", "c0"], month: "2026-12" },
    { users: ["c8", "c7", "c6"], month: "2026-12" },
  ],
});

describe("one search over every group size", () => {
  it("places 13 of the 14 people of the instance the split search placed 9 of", () => {
    for (const strategy of ["auto", "exact", "fast"] as const) {
      expect(run(fourteen, { strategy }).stats.placed).toBe(13);
    }
  });

  it("places all eleven of a first month with a same-department person in Marketing and one choosing 4", () => {
    for (const policy of ["sit-out", "trio"] as const) {
      for (const strategy of ["auto", "fast"] as const) {
        const result = run(firstMonth(policy), { strategy });
        expect(result.unmatched).toEqual([]);
        const henry = result.groups.find((g) => g.includes("henry"));
        expect(henry?.length).toBe(3);
        expect(result.groups.find((g) => g.includes("frank"))).toContain("carol");
      }
    }
  });

  it("places all nine of a scheduled draft after a December of trios", () => {
    for (const policy of ["sit-out", "trio"] as const) {
      for (const strategy of ["auto", "fast"] as const) {
        const result = run(scheduledDraft(policy), { strategy });
        expect(result.unmatched).toEqual([]);
        expect(result.groups.find((g) => g.includes("c1"))?.length).toBe(3);
      }
    }
  });

  it("says how the search went: proven on small instances", () => {
    const result = run(fourteen);
    expect(result.stats.search).toMatchObject({ placedProven: true });
    expect(run(firstMonth("trio")).stats.search).toMatchObject({
      method: "subsets",
      optimal: true,
    });
  });
});

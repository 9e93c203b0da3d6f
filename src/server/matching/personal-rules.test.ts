import { describe, expect, it } from "vitest";
import { satOutText } from "../../shared/sat-out";
import { runMatching, validateResult } from "./engine";
import { satOutReasons } from "./sat-out-reason";
import type { MatchingInstance, MatchingUser } from "./types";

const person = (id: string, rules: Partial<MatchingUser> = {}): MatchingUser => ({
  id,
  department: "d",
  preference: "any",
  ...rules,
});

const instance = (users: MatchingUser[]): MatchingInstance => ({
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 7,
  users,
});

const strategies = ["exact", "fast"] as const;

/** Runs both methods; every result keeps every rule by the independent checker. */
function pairs(inst: MatchingInstance) {
  return strategies.map((strategy) => {
    const result = runMatching(inst, { strategy });
    expect(validateResult(inst, result)).toEqual([]);
    return result;
  });
}

describe("each person's own rules (FORMAT.md, rule 5)", () => {
  it("keeps two people apart when either lists the other, and ignores unknown ids", () => {
    for (const users of [
      [person("a", { avoid: ["b", "nobody"] }), person("b")],
      [person("a"), person("b", { avoid: ["a"] })],
    ]) {
      for (const result of pairs(instance(users))) {
        expect(result.groups).toEqual([]);
        expect(result.unmatched.sort()).toEqual(["a", "b"]);
      }
    }
  });

  it("never groups a person with their manager, nor a manager with their reports", () => {
    const users = [
      person("boss"),
      person("r1", { manager: "boss" }),
      person("r2", { manager: "boss" }),
      person("peer"),
    ];
    for (const result of pairs(instance(users))) {
      expect(result.stats.placed).toBe(4);
      const withBoss = result.groups.find((g) => g.includes("boss"));
      expect(withBoss).toEqual(expect.arrayContaining(["peer"]));
    }
  });

  it("groups only people who share a way to meet, and says how each group meets", () => {
    const users = [
      person("online", { meet: "online" }),
      person("berlin", { meet: "in-person", office: "Berlin" }),
      person("either-berlin", { meet: "either", office: "Berlin" }),
      person("paris", { meet: "either", office: "Paris" }),
    ];
    for (const result of pairs(instance(users))) {
      expect(result.stats.placed).toBe(4);
      const at = (id: string) => result.groups.findIndex((g) => g.includes(id));
      expect(result.groups[at("berlin")]).toContain("either-berlin");
      expect(result.meetings?.[at("berlin")]).toEqual({ kind: "in-person", office: "Berlin" });
      expect(result.meetings?.[at("online")]).toEqual({ kind: "online" });
    }
  });

  it("holds in groups by choice, and a result without ways to meet has no meetings", () => {
    const users = ["a", "b", "c", "d", "e", "f"].map((id) =>
      person(id, { groupSize: 3, ...(id === "a" ? { avoid: ["b", "c"] } : {}) }),
    );
    const result = runMatching(instance(users));
    expect(validateResult(instance(users), result)).toEqual([]);
    expect(result.stats.placed).toBe(6);
    expect(result.meetings).toBeUndefined();
  });

  it("tells who sat out because of them, without naming anyone", () => {
    const users = [
      person("a", { meet: "in-person", office: "Berlin" }),
      person("b", { meet: "online" }),
      person("c", { meet: "online", avoid: ["b"] }),
      person("d", { meet: "in-person", office: "Paris" }),
    ];
    const inst = instance(users);
    expect(runMatching(inst).unmatched).toHaveLength(4);
    expect(satOutReasons(inst, ["a", "b"])).toEqual([
      { userId: "a", reason: { kind: "own-rules", could: 3, meet: true } },
      { userId: "b", reason: { kind: "own-rules", could: 3, meet: false } },
    ]);
    expect(satOutText({ kind: "own-rules", could: 3, meet: false }, "Bo")).not.toMatch(/\bc\b/);
    // The person is named once; the sentence goes on with "them".
    for (const meet of [true, false]) {
      const text = satOutText({ kind: "own-rules", could: 3, meet }, "Bo Lind");
      expect(text.match(/Bo Lind/g), text).toHaveLength(1);
      expect(text).toContain(" them ");
    }
    expect(
      satOutText({ kind: "working-hours", could: 3, minutes: 60 }, "Bo Lind").match(/Bo Lind/g),
    ).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { personalRuleBreak } from "../../matching/personal-rules-check";
import { createRng } from "../../matching/rng";
import type { MatchingInstance, MatchingUser, MeetWay } from "../../matching/types";
import { pairsKeptApart } from "./kept-apart";

const instance = (users: MatchingUser[]): MatchingInstance => ({
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 1,
  users,
});

/** The count pair by pair, by the checker written from FORMAT.md alone. */
function bruteForce(users: MatchingUser[]): number {
  let count = 0;
  for (let i = 0; i < users.length; i++) {
    for (let j = i + 1; j < users.length; j++) {
      if (personalRuleBreak(users[i], users[j])) count++;
    }
  }
  return count;
}

describe("pairsKeptApart", () => {
  it("counts avoid, manager and no shared way to meet, a pair once", () => {
    const users: MatchingUser[] = [
      { id: "a", department: "d", preference: "any", avoid: ["b"], manager: "b" },
      { id: "b", department: "d", preference: "any", avoid: ["a"] },
      { id: "c", department: "d", preference: "any", meet: "in-person", office: "Paris" },
      { id: "d", department: "d", preference: "any", meet: "online" },
    ];
    // a–b by two rules; c meets no one online, nor anyone else at Paris: c–a, c–b, c–d.
    expect(pairsKeptApart(instance(users))).toBe(4);
    expect(bruteForce(users)).toBe(4);
    expect(pairsKeptApart(instance(users.slice(3)))).toBe(0);
  });

  it("agrees with the pair-by-pair count on random instances", () => {
    const rng = createRng(42);
    const pick = <T>(items: readonly T[]) => items[rng.below(items.length)];
    const ways: Array<MeetWay | undefined> = ["online", "in-person", "either", undefined];
    const offices = ["Paris", "Oslo", undefined];
    for (let round = 0; round < 200; round++) {
      const n = 1 + rng.below(9);
      const id = () => `u${rng.below(n + 1)}`;
      const users = Array.from({ length: n }, (_, i): MatchingUser => {
        const meet = pick(ways);
        const office = pick(offices);
        return {
          id: `u${i}`,
          department: "d",
          preference: "any",
          ...(rng.below(10) < 3 ? { avoid: [id(), id()] } : {}),
          ...(rng.below(10) < 3 ? { manager: id() } : {}),
          ...(meet ? { meet } : {}),
          ...(office ? { office } : {}),
        };
      });
      expect(pairsKeptApart(instance(users))).toBe(bruteForce(users));
    }
  });
});

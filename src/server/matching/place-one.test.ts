import { describe, expect, it } from "vitest";
import { placeOne } from "./place-one";
import type { MatchingInstance, MatchingUser } from "./types";

const user = (
  id: string,
  department: string,
  preference: MatchingUser["preference"] = "any",
): MatchingUser => ({ id, department, preference });

const instance = (
  users: MatchingUser[],
  history: MatchingInstance["history"] = [],
): MatchingInstance => ({ month: "2027-03", repeatWindowMonths: 3, seed: 7, users, history });

describe("placing one person in a running month", () => {
  it("prefers a cross-department partner, then one never met before", async () => {
    const users = [user("p", "eng"), user("same", "eng"), user("met", "ops"), user("new", "ops")];
    const history = [{ users: ["p", "met"], month: "2026-10" }];
    for (let seed = 1; seed <= 20; seed++) {
      const placed = placeOne({
        instance: { ...instance(users, history), seed },
        personId: "p",
        candidates: ["same", "met", "new"],
        pairs: [],
      });
      expect(placed).toEqual({ kind: "pair", partnerId: "new" });
    }
  });

  it("keeps preferences and the repeat window", () => {
    const users = [
      user("p", "eng", "same-department"),
      user("cross", "ops"),
      user("recent", "eng"),
      user("picky", "eng", "cross-department"),
    ];
    const history = [{ users: ["p", "recent"], month: "2027-01" }];
    const placed = placeOne({
      instance: instance(users, history),
      personId: "p",
      candidates: ["cross", "recent", "picky"],
      pairs: [],
    });
    expect(placed).toBeNull();
  });

  it("joins the best existing pair as a trio when nobody is free", () => {
    const users = [user("p", "eng"), user("a", "eng"), user("b", "eng"), user("c", "ops")];
    const placed = placeOne({
      instance: instance(users, [{ users: ["p", "a"], month: "2027-02" }]),
      personId: "p",
      candidates: [],
      pairs: [
        ["a", "b"],
        ["b", "c"],
      ],
    });
    expect(placed).toEqual({ kind: "trio", pair: ["b", "c"] });
  });

  it("joins no pair one of whose members it may not meet", () => {
    const users = [user("p", "eng"), user("a", "eng"), user("b", "ops")];
    const placed = placeOne({
      instance: instance(users, [{ users: ["p", "b"], month: "2027-02" }]),
      personId: "p",
      candidates: [],
      pairs: [["a", "b"]],
    });
    expect(placed).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { placeOne } from "./place-one";
import type { MatchingInstance, MatchingUser } from "./types";

const user = (
  id: string,
  department: string,
  preference: MatchingUser["preference"] = "any",
  groupSize?: MatchingUser["groupSize"],
): MatchingUser => ({ id, department, preference, ...(groupSize ? { groupSize } : {}) });

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

describe("placing one person with the group sizes people chose", () => {
  it("makes a trio of people who chose four into a group of four for someone who chose four", () => {
    const users = [
      user("p", "eng", "any", 4),
      user("free", "ops", "any", 2),
      ...["a", "b", "c"].map((id) => user(id, "ops", "any", 4)),
      user("x", "sales"),
      user("y", "legal"),
    ];
    const placed = placeOne({
      instance: instance(users),
      personId: "p",
      candidates: ["free"],
      pairs: [["x", "y"]],
      trios: [["a", "b", "c"]],
    });
    expect(placed).toEqual({ kind: "four", trio: ["a", "b", "c"] });
  });

  it("makes no group of four with anyone who chose one-to-one, nor pairs someone who chose four", () => {
    const users = [
      user("p", "eng", "any", 4),
      user("free", "ops", "any", 4),
      user("a", "ops", "any", 4),
      user("b", "ops", "any", 4),
      user("one", "ops", "any", 2),
    ];
    const placed = placeOne({
      instance: instance(users),
      personId: "p",
      candidates: ["free"],
      pairs: [],
      trios: [["a", "b", "one"]],
    });
    expect(placed).toBeNull();
  });

  it("puts someone who chose one-to-one in a pair or a trio, never in a group of four", () => {
    const users = [
      user("p", "eng"),
      ...["a", "b", "c"].map((id) => user(id, "ops", "any", 3)),
      user("x", "ops"),
      user("y", "ops"),
    ];
    const trios: Array<[string, string, string]> = [["a", "b", "c"]];
    expect(
      placeOne({ instance: instance(users), personId: "p", candidates: [], pairs: [], trios }),
    ).toBeNull();
    expect(
      placeOne({
        instance: instance(users),
        personId: "p",
        candidates: [],
        pairs: [["x", "y"]],
        trios,
      }),
    ).toEqual({ kind: "trio", pair: ["x", "y"] });
  });

  it("at a member's own request, joins only a match of people who chose groups, the person too", () => {
    const users = [
      user("p", "eng", "any", 3),
      user("one", "ops"),
      user("three", "ops", "any", 3),
      user("x", "sales", "any", 3),
      user("y", "sales", "any", 4),
    ];
    const ask = (personId: string, pairs: Array<[string, string]>) =>
      placeOne({
        instance: instance(users),
        personId,
        candidates: [],
        pairs,
        joinOnlyGroupChoosers: true,
      });
    expect(ask("p", [["one", "three"]])).toBeNull();
    expect(
      ask("p", [
        ["one", "three"],
        ["x", "y"],
      ]),
    ).toEqual({ kind: "trio", pair: ["x", "y"] });
    // Someone who chose one-to-one joins no match, even of people who chose groups.
    expect(ask("one", [["x", "y"]])).toBeNull();
    // An admin's re-pair (the option unset) may still make the trio (docs/pairings.md).
    expect(
      placeOne({
        instance: instance(users),
        personId: "p",
        candidates: [],
        pairs: [["one", "three"]],
      }),
    ).toEqual({ kind: "trio", pair: ["one", "three"] });
  });

  it("keeps the repeat window and department wishes with all three members of a trio", () => {
    const users = [
      user("p", "eng", "cross-department", 4),
      ...["a", "b", "c"].map((id) => user(id, "ops", "any", 4)),
      ...["d", "e"].map((id) => user(id, "sales", "any", 4)),
      user("f", "eng", "any", 4),
    ];
    const placed = placeOne({
      instance: instance(users, [{ users: ["p", "c"], month: "2027-01" }]),
      personId: "p",
      candidates: [],
      pairs: [],
      trios: [
        ["a", "b", "c"],
        ["d", "e", "f"],
      ],
    });
    expect(placed).toBeNull();
  });

  it("picks the option with the fewest people outside their chosen size", () => {
    const users = [
      user("p", "eng", "any", 3),
      user("free", "ops"),
      user("a", "ops", "any", 3),
      user("b", "ops", "any", 4),
      user("c", "ops", "any", 4),
    ];
    const placed = placeOne({
      instance: instance(users),
      personId: "p",
      candidates: ["free"],
      pairs: [],
      trios: [["a", "b", "c"]],
    });
    // The pair puts only p outside their size (free chose 2); the four would put p and a.
    expect(placed).toEqual({ kind: "pair", partnerId: "free" });
  });
});

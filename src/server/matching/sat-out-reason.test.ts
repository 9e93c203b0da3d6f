import { describe, expect, it } from "vitest";
import { satOutText } from "../../shared/sat-out";
import { satOutReasons } from "./sat-out-reason";
import type { MatchingInstance, MatchingUser } from "./types";

const person = (id: string, department: string, extra: Partial<MatchingUser> = {}) => ({
  id,
  department,
  preference: "any" as const,
  ...extra,
});

const instanceOf = (
  users: MatchingUser[],
  extra: Partial<MatchingInstance> = {},
): MatchingInstance => ({ month: "2027-03", repeatWindowMonths: 3, users, ...extra });

const textOf = (instance: MatchingInstance, id: string, name: string) => {
  const [entry] = satOutReasons(instance, [id]);
  expect(entry.userId).toBe(id);
  return satOutText(entry.reason, name);
};

describe("why someone sat out", () => {
  it("names the department wish when nobody of the department is free", () => {
    const instance = instanceOf([
      person("frank", "Marketing", { preference: "same-department" }),
      person("a", "Engineering"),
      person("b", "Sales"),
    ]);
    expect(textOf(instance, "frank", "Frank")).toBe(
      "No one else in Marketing is free this month and Frank asked for same-department chats.",
    );
  });

  it("says the others of the department want to meet other departments", () => {
    const instance = instanceOf([
      person("frank", "Marketing", { preference: "same-department" }),
      person("m", "Marketing", { preference: "cross-department" }),
      person("b", "Sales"),
    ]);
    expect(textOf(instance, "frank", "Frank")).toBe(
      "Everyone else free in Marketing asked for cross-department chats, and Frank asked for same-department chats.",
    );
  });

  it("names a cross-department wish with only one department free", () => {
    const instance = instanceOf([
      person("c", "Sales", { preference: "cross-department" }),
      person("d", "Sales"),
      person("e", "Sales"),
    ]);
    expect(textOf(instance, "c", "Cleo")).toBe(
      "Everyone free this month is in Sales and Cleo asked for cross-department chats.",
    );
  });

  it("says everyone who could be met was met within the window", () => {
    const instance = instanceOf(
      [
        person("henry", "Engineering", { preference: "same-department", groupSize: 4 }),
        person("e1", "Engineering"),
        person("e2", "Engineering"),
        person("s", "Sales"),
      ],
      { history: [{ users: ["henry", "e1", "e2"], month: "2027-01" }] },
    );
    expect(textOf(instance, "henry", "Henry")).toBe(
      "Everyone Henry could meet was met in the last 3 months.",
    );
  });

  it("does not count a meeting before the window", () => {
    const instance = instanceOf(
      [person("a", "Sales"), person("b", "Legal"), person("c", "Legal")],
      { history: [{ users: ["a", "b"], month: "2026-11" }], repeatWindowMonths: 3 },
    );
    expect(satOutReasons(instance, ["a"])[0].reason.kind).toBe("numbers");
  });

  it("blames the group sizes when no group keeps everyone's choice", () => {
    const instance = instanceOf([
      person("one", "Sales"),
      person("f1", "Legal", { groupSize: 4 }),
      person("f2", "Legal", { groupSize: 4 }),
    ]);
    // A trio of Olga with both would keep the sizes, but they met last month.
    instance.history = [{ users: ["f1", "f2"], month: "2027-02" }];
    expect(textOf(instance, "one", "Olga")).toBe(
      "Everyone Olga could meet chose groups of four, and Olga chose one-to-one chats.",
    );
  });

  it("blames sizes when the people a group of four needs cannot meet each other", () => {
    const instance = instanceOf(
      [
        person("g", "Sales", { groupSize: 4 }),
        person("x", "Legal", { groupSize: 3 }),
        person("y", "Legal", { groupSize: 3 }),
      ],
      { history: [{ users: ["x", "y"], month: "2027-02" }] },
    );
    expect(textOf(instance, "g", "Gus")).toBe(
      "Gus chose groups of four, and no group with the 2 people Gus could meet keeps everyone within one size of their choice.",
    );
  });

  it("allows a trio of one-to-one people only under the trio policy", () => {
    const users = [
      person("p", "Sales", { groupSize: 4 }),
      person("q", "Legal"),
      person("r", "Ops"),
    ];
    expect(satOutReasons(instanceOf(users), ["p"])[0].reason.kind).toBe("numbers");
    const solo = [person("a", "Sales"), person("b", "Legal"), person("c", "Ops")];
    const history = [{ users: ["b", "c"], month: "2027-02" }];
    expect(satOutReasons(instanceOf(solo, { history }), ["a"])[0].reason.kind).toBe("numbers");
  });

  it("says an odd number of one-to-one people leaves one out", () => {
    const instance = instanceOf([person("a", "Sales"), person("b", "Legal"), person("c", "Ops")]);
    expect(textOf(instance, "c", "Cai")).toBe(
      "Every arrangement leaves one person out this month: 3 people were ready and chats are in pairs; Cai was drawn among those who could sit out.",
    );
  });

  it("gives each person who sat out their own reason, and none for unknown ids", () => {
    const instance = instanceOf([
      person("frank", "Marketing", { preference: "same-department" }),
      person("henry", "Engineering", { preference: "same-department", groupSize: 4 }),
      person("e1", "Engineering"),
      person("s1", "Sales"),
      person("s2", "Sales"),
    ]);
    const reasons = satOutReasons(
      { ...instance, history: [{ users: ["henry", "e1"], month: "2027-02" }] },
      ["frank", "henry", "ghost"],
    );
    expect(reasons.map((r) => [r.userId, r.reason.kind])).toEqual([
      ["frank", "same-department"],
      ["henry", "all-met"],
    ]);
  });
});

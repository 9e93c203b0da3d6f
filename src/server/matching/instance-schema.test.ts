import { describe, expect, it } from "vitest";
import { checkInstance, InstanceError, parseInstance, parseInstanceText } from "./instance-schema";

const valid = () => ({
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 12345,
  oddPolicy: "sit-out",
  users: [
    { id: "u1", department: "engineering", preference: "any" },
    { id: "u2", department: "sales", preference: "cross-department", lastSatOut: true },
    { id: "u3", department: "sales", preference: "same-department" },
  ],
  history: [
    { users: ["u1", "u2"], month: "2027-01" },
    { users: ["u1", "u2", "u3"], month: "2026-12" },
  ],
});

function errorOf(mutate: (x: ReturnType<typeof valid> & Record<string, unknown>) => void): string {
  const instance = valid() as ReturnType<typeof valid> & Record<string, unknown>;
  mutate(instance);
  const result = checkInstance(instance);
  if (result.ok) throw new Error("expected the instance to be rejected");
  return result.error;
}

describe("instance schema", () => {
  it("accepts the FORMAT.md example and leaves optional fields optional", () => {
    expect(parseInstance(valid()).users).toHaveLength(3);
    const minimal = { month: "2027-03", repeatWindowMonths: 0, users: [] };
    expect(parseInstance(minimal)).toEqual(minimal);
  });

  it("names the field and the value for a bad month", () => {
    expect(errorOf((x) => (x.month = "2027-13"))).toBe(
      'month: "2027-13" is not a month (expected YYYY-MM, e.g. 2027-03)',
    );
    expect(errorOf((x) => (x.history[1].month = "27-01"))).toMatch(/^history\[1\]\.month: "27-01"/);
  });

  it("rejects an unknown preference or odd policy", () => {
    expect(errorOf((x) => ((x.users[1] as { preference: string }).preference = "anyone"))).toBe(
      'users[1].preference: unknown preference "anyone" (expected same-department, cross-department or any)',
    );
    expect(errorOf((x) => (x.oddPolicy = "pairs"))).toMatch(
      /^oddPolicy: unknown oddPolicy "pairs"/,
    );
  });

  it("accepts each person's own rules and names a bad one", () => {
    const rules = {
      avoid: ["u2", "someone-else"],
      manager: "u3",
      office: "Berlin",
      meet: "either",
    };
    const instance = valid();
    Object.assign(instance.users[0], rules);
    expect(parseInstance(instance).users[0]).toMatchObject(rules);
    expect(errorOf((x) => Object.assign(x.users[0], { meet: "by-phone" }))).toBe(
      'users[0].meet: unknown way to meet "by-phone" (expected in-person, online or either)',
    );
    expect(errorOf((x) => Object.assign(x.users[0], { avoid: "u2" }))).toBe(
      "users[0].avoid: must be an array of user ids",
    );
    expect(errorOf((x) => Object.assign(x.users[0], { avoid: [""] }))).toBe(
      "users[0].avoid[0]: must not be empty",
    );
    expect(errorOf((x) => Object.assign(x.users[0], { manager: 7 }))).toBe(
      "users[0].manager: must be a string id",
    );
    expect(errorOf((x) => Object.assign(x.users[0], { office: "" }))).toBe(
      "users[0].office: must not be empty",
    );
  });

  it("rejects duplicate user ids", () => {
    expect(errorOf((x) => (x.users[2].id = "u1"))).toBe('users[2].id: duplicate user id "u1"');
  });

  it("rejects history that references unknown ids or repeats an id within a group", () => {
    expect(errorOf((x) => (x.history[0].users[1] = "ghost"))).toBe(
      'history[0].users[1]: unknown user id "ghost" (not in users)',
    );
    expect(errorOf((x) => (x.history[1].users = ["u1", "u3", "u1"]))).toBe(
      'history[1].users: user id "u1" appears twice in one group',
    );
    expect(errorOf((x) => (x.history[0].users = ["u1"]))).toBe(
      "history[0].users: a group has 2 to 4 people",
    );
  });

  it("accepts a group size of 2, 3 or 4 and history groups of up to four, and rejects others", () => {
    const sized = valid() as ReturnType<typeof valid> & { users: { groupSize?: number }[] };
    sized.users[0].groupSize = 3;
    sized.users[1].groupSize = 4;
    sized.history.push({ users: ["u1", "u2", "u3", "u4"], month: "2026-11" });
    sized.users.push({ id: "u4", department: "x", preference: "any" } as never);
    expect(checkInstance(sized).ok).toBe(true);
    expect(errorOf((x) => Object.assign(x.users[2], { groupSize: 5 }))).toBe(
      "users[2].groupSize: group size 5 (expected 2, 3 or 4)",
    );
    expect(errorOf((x) => Object.assign(x.users[0], { groupSize: "3" }))).toBe(
      'users[0].groupSize: group size "3" (expected 2, 3 or 4)',
    );
    expect(errorOf((x) => (x.history[1].users = ["u1", "u2", "u3", "u1", "u2"]))).toBe(
      "history[1].users: a group has 2 to 4 people",
    );
  });

  it("names the first problem in instance order: a duplicate user before a bad history group", () => {
    expect(
      errorOf((x) => {
        x.users[2].id = "u1";
        x.history[0].month = "2027";
      }),
    ).toBe('users[2].id: duplicate user id "u1"');
    expect(
      errorOf((x) => {
        x.history[0].users[0] = "ghost";
        x.history[1].month = "2027";
      }),
    ).toBe('history[0].users[0]: unknown user id "ghost" (not in users)');
  });

  it("rejects wrong types and missing fields with one line", () => {
    expect(errorOf((x) => (x.repeatWindowMonths = -1))).toBe(
      "repeatWindowMonths: must not be negative",
    );
    expect(errorOf((x) => (x.seed = 1.5))).toBe("seed: must be an integer");
    expect(errorOf((x) => delete (x as Record<string, unknown>).users)).toMatch(/^users: /);
    const notObject = checkInstance([1, 2]);
    expect(notObject.ok ? "" : notObject.error).toBe("an instance must be a JSON object");
  });

  it("reports bad JSON as an InstanceError on one line", () => {
    expect(() => parseInstanceText('{"month": ')).toThrow(InstanceError);
    try {
      parseInstanceText('{"month":\n "2027-03",\n');
    } catch (error) {
      expect((error as Error).message).toMatch(/^invalid JSON: /);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runMatching } from "./engine";
import { smallMixedInstances } from "./exact-reference";
import { MAX_GROUP } from "./instance-fast-check";
import { readInstanceFast } from "./instance-fast-read";
import { prepareInstanceText } from "./instance-schema";
import type { MatchingInstance } from "./types";

const valid: MatchingInstance = {
  month: "2027-03",
  repeatWindowMonths: 3,
  seed: 12345,
  oddPolicy: "sit-out",
  users: [
    { id: "u1", department: "engineering", preference: "any" },
    { id: "u2", department: "sales", preference: "cross-department", lastSatOut: true },
    { id: "u3", department: "Vertrieb München", preference: "same-department" },
    { id: "u4", department: "sales", preference: "any", groupSize: 3 },
    { id: "ü5", department: "legal", preference: "any" },
  ],
  history: [
    { users: ["u1", "u2"], month: "2027-01" },
    { users: ["u1", "u2", "u3"], month: "2026-12" },
    { users: ["u4", "u3", "u2", "u1"], month: "2026-01" },
  ],
};

/**
 * Reads `text` both ways. When the fast read answers, the usual way must accept the text too,
 * with equal users and other fields, equal resolved ids and each history group's month. Answers
 * which way the command line would have taken.
 */
function compareWays(text: string): "fast" | "usual" {
  const fast = readInstanceFast(Buffer.from(text, "utf8"));
  if (fast === null) return "usual";
  const usual = prepareInstanceText(text);
  const { history, ...rest } = usual.instance;
  expect(fast.instance).toEqual(rest);
  expect(fast.instance.history).toBeUndefined();
  expect(fast.ids.users).toBe(fast.instance.users);
  expect(fast.ids.history).toBeUndefined();
  expect([...fast.ids.members]).toEqual([...usual.ids.members]);
  const months = fast.ids.historyMonths;
  const monthOf = months ? [...months.monthOf].map((m) => months.months[m]) : [];
  expect(monthOf).toEqual((history ?? []).map((group) => group.month));
  return "fast";
}

const withoutTime = (instance: MatchingInstance, ids?: Parameters<typeof runMatching>[2]) => {
  const result = runMatching(instance, {}, ids);
  return { ...result, stats: { ...result.stats, elapsedMs: 0 } };
};

describe("the command line's fast read of an instance", () => {
  it("reads the plain form as the usual way does, in either order of users and history", () => {
    expect(compareWays(JSON.stringify(valid))).toBe("fast");
    const { users, ...rest } = valid;
    expect(compareWays(JSON.stringify({ ...rest, users }))).toBe("fast");
    expect(compareWays(JSON.stringify({ ...valid, history: [] }))).toBe("fast");
  });

  it("reads spaces, line breaks, other keys and a group's keys in either order", () => {
    expect(compareWays(JSON.stringify(valid, null, 2))).toBe("fast");
    const monthFirst = valid.history?.map(({ users, month }) => ({ month, users }));
    expect(compareWays(JSON.stringify({ note: { a: ["}"] }, ...valid, history: monthFirst }))).toBe(
      "fast",
    );
    expect(compareWays(` \r\n${JSON.stringify(valid).replaceAll(",", " ,\t")}\n`)).toBe("fast");
  });

  it("leaves every unusual or wrong history to the usual way, which words the error", () => {
    const text = JSON.stringify(valid);
    const cases = [
      text.replace('"history"', '"histor\\u0079"'),
      text.replace('"u1","u2"]', '"u\\u0031","u2"]'),
      text.replace('"u1","u2"]', '"u1","u1"]'),
      text.replace('"u1","u2"]', '"u1","nobody"]'),
      text.replace('"u1","u2"]', '"u1","ü5"]'),
      text.replace('"u1","u2"]', '"u1"]'),
      text.replace('"u4","u3","u2","u1"]', '"u4","u3","u2","u1","u1"]'),
      text.replace('"2027-01"', '"2027-13"'),
      text.replace('"2027-01"', '"2027-1"'),
      text.replace('"month":"2027-01"', '"month":"2027-01","note":1'),
      text.replace('"history":[', '"history":[],"history":['),
      text.replace('"users":[{', '"users":[{"id":"u1","department":"x","preference":"any"},{'),
      text.replace('"history":[', '"history":null,"x":['),
      text.replace(/}$/, ',"users":[]}'),
      `${text}x`,
      `\ufeff${text}`,
    ];
    for (const damaged of cases) expect(compareWays(damaged)).toBe("usual");
  });

  it("tells apart ids whose hashes are equal", () => {
    // "p1uzx" and "pc2ad" have the same 32-bit FNV-1a hash, the one the id table uses.
    const person = (id: string) => ({ id, department: "d", preference: "any" as const });
    const both = { ...valid, users: [person("p1uzx"), person("pc2ad"), person("x")], history: [] };
    const group = (ids: string[]) => ({ users: ids, month: "2027-01" });
    expect(compareWays(JSON.stringify({ ...both, history: [group(["pc2ad", "p1uzx"])] }))).toBe(
      "fast",
    );
    const one = { ...both, users: both.users.slice(0, 1).concat(both.users.slice(2)) };
    expect(compareWays(JSON.stringify({ ...one, history: [group(["x", "pc2ad"])] }))).toBe("usual");
  });

  it("never accepts a damaged text the usual way refuses, nor reads it otherwise", () => {
    const text = JSON.stringify(valid);
    const bytes = '"{}[],: \\a1-u05ü'.split("");
    const counts = { fast: 0, usual: 0 };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.nat(text.length),
            cut: fc.nat(3),
            put: fc.array(fc.constantFrom(...bytes), { maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (edits) => {
          let damaged = text;
          for (const { at, cut, put } of edits)
            damaged = damaged.slice(0, at) + put.join("") + damaged.slice(at + cut);
          counts[compareWays(damaged)]++;
        },
      ),
      { numRuns: 3000 },
    );
    // Both ways were taken: some damage leaves the plain form (spaces, a changed department).
    expect(counts.fast).toBeGreaterThan(0);
    expect(counts.usual).toBeGreaterThan(0);
  });

  it("gives the engine the same problem: equal results on random instances", () => {
    fc.assert(
      fc.property(smallMixedInstances, (instance) => {
        const { users, history, ...rest } = instance;
        // The usual order of the format: users before history.
        const text = JSON.stringify({ ...rest, users, history });
        expect(compareWays(text)).toBe("fast");
        const fast = readInstanceFast(Buffer.from(text));
        const usual = prepareInstanceText(text);
        if (fast === null) throw new Error("expected the fast read");
        expect(fast.ids.members.length).toBe((history?.length ?? 0) * MAX_GROUP);
        expect(withoutTime(fast.instance, fast.ids)).toEqual(
          withoutTime(usual.instance, usual.ids),
        );
      }),
      { numRuns: 60 },
    );
  });
});

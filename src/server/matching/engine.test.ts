import { describe, expect, it } from "vitest";
import { generateInstance } from "../../../bench/generate-instance";
import type { MatchingPreference } from "../../shared/enums";
import { runMatching, validateResult } from "./engine";
import { exactOptimum } from "./exact-optimum";
import type { MatchingInstance, MatchingResult } from "./types";

const S: MatchingPreference = "same-department";
const C: MatchingPreference = "cross-department";
const A: MatchingPreference = "any";

type Person = [
  id: string,
  department: string,
  preference: MatchingPreference,
  lastSatOut?: boolean,
];

function instance(
  people: Person[],
  extra: Partial<Omit<MatchingInstance, "history">> & { history?: [string[], string][] } = {},
): MatchingInstance {
  const { history = [], ...rest } = extra;
  return {
    month: "2027-03",
    repeatWindowMonths: 3,
    seed: 1,
    users: people.map(([id, department, preference, lastSatOut]) =>
      lastSatOut ? { id, department, preference, lastSatOut } : { id, department, preference },
    ),
    history: history.map(([users, month]) => ({ users, month })),
    ...rest,
  };
}

const strategies = ["exact", "fast"] as const;

function run(inst: MatchingInstance, strategy: (typeof strategies)[number]): MatchingResult {
  const result = runMatching(inst, { strategy });
  expect(validateResult(inst, result)).toEqual([]);
  return result;
}

const sorted = (groups: string[][]) => groups.map((g) => [...g].sort().join("+")).sort();

describe.each(strategies)("runMatching trios (%s)", (strategy) => {
  it("places everyone using a trio when one same-department department is odd", () => {
    const people: Person[] = [
      ["x1", "X", S],
      ["x2", "X", S],
      ["x3", "X", S],
      ["y1", "Y", S],
      ["y2", "Y", S],
      ["y3", "Y", S],
      ["y4", "Y", S],
    ];
    const trio = run(instance(people, { oddPolicy: "trio" }), strategy);
    expect(trio.stats).toMatchObject({ placed: 7, trios: 1, crossDepartmentPairs: 0 });
    expect(trio.unmatched).toEqual([]);
    expect(sorted(trio.groups.filter((g) => g.length === 3))).toEqual(["x1+x2+x3"]);
    const sitOut = run(instance(people), strategy);
    expect(sitOut.stats.placed).toBe(6);
    expect(sitOut.unmatched[0]).toMatch(/^x/);
  });

  it("with two odd same-department departments, a trio places one more and one still sits out", () => {
    const people: Person[] = [
      ...["x1", "x2", "x3"].map((id): Person => [id, "X", S]),
      ...["y1", "y2", "y3", "y4", "y5"].map((id): Person => [id, "Y", S]),
    ];
    expect(run(instance(people, { oddPolicy: "trio" }), strategy).stats).toMatchObject({
      placed: 7,
      trios: 1,
      unmatched: 1,
    });
    expect(run(instance(people), strategy).stats).toMatchObject({ placed: 6, unmatched: 2 });
  });

  it("never forms a trio in which some pair is not allowed", () => {
    const people: Person[] = [
      ["x1", "X", S],
      ["x2", "X", S],
      ["y1", "Y", S],
    ];
    const result = run(instance(people, { oddPolicy: "trio" }), strategy);
    expect(result.groups).toEqual([["x1", "x2"]].map((g) => expect.arrayContaining(g)));
    expect(result.unmatched).toEqual(["y1"]);
  });

  it("counts all three pairs of a trio from three departments as cross-department", () => {
    const people: Person[] = [
      ["a", "X", A],
      ["b", "Y", A],
      ["c", "Z", A],
    ];
    const result = run(instance(people, { oddPolicy: "trio" }), strategy);
    expect(result.stats).toMatchObject({
      placed: 3,
      trios: 1,
      crossDepartmentPairs: 3,
      neverMetPairs: 3,
    });
  });
});

describe.each(strategies)("runMatching preferences (%s)", (strategy) => {
  it("keeps same-department and cross-department people apart", () => {
    const people: Person[] = [
      ["s", "X", S],
      ["c", "Y", C],
      ["c2", "Y", C],
    ];
    const result = run(instance(people), strategy);
    expect(result.groups).toEqual([]);
    expect([...result.unmatched].sort()).toEqual(["c", "c2", "s"]);
  });

  it("pairs a dominant department's cross-department people with outsiders and its 'any' people inside", () => {
    const people: Person[] = [
      ["x1", "X", C],
      ["x2", "X", C],
      ["x3", "X", C],
      ["x4", "X", C],
      ["xa1", "X", A],
      ["xa2", "X", A],
      ["y1", "Y", C],
      ["y2", "Y", C],
    ];
    const result = run(instance(people), strategy);
    // y1, y2 each take an X cross-department person; the two X "any" people pair together.
    expect(result.stats).toMatchObject({ placed: 6, crossDepartmentPairs: 2 });
    expect(sorted(result.groups)).toContain("xa1+xa2");
    expect(result.unmatched.every((id) => /^x\d$/.test(id))).toBe(true);
  });

  it("matches the exact optimum in a larger dominant department of cross-department people", () => {
    const inst = generateInstance({ people: 120, departments: 6, seed: 5, skew: 0.2 });
    for (const [i, u] of inst.users.entries()) {
      if (i % 5 < 3) {
        u.department = "dominant";
        u.preference = i % 7 === 0 ? A : C;
      }
    }
    const best = exactOptimum(inst);
    const result = run(inst, strategy);
    expect(result.stats.placed).toBe(best.placed);
    expect(result.stats.crossDepartmentPairs).toBe(best.cross);
  });

  it("finds the only full pairing of a small group with a long history (needs an augmenting path)", () => {
    // a(X) b(Y) c(X) d(Y) e(X) f(Y), everyone "any". Twelve months of history block every pair
    // except the path a-b-c-d-e-f, whose only perfect pairing is a-b, c-d, e-f.
    const people: Person[] = ["a", "b", "c", "d", "e", "f"].map((id, i) => [
      id,
      i % 2 ? "Y" : "X",
      A,
    ]);
    const path = new Set(["a+b", "b+c", "c+d", "d+e", "e+f"]);
    const history: [string[], string][] = [];
    const months = ["2026-03", "2026-06", "2026-09", "2026-12", "2027-01", "2027-02"];
    for (let i = 0; i < 6; i++) {
      for (let j = i + 1; j < 6; j++) {
        const pair = [people[i][0], people[j][0]];
        if (!path.has(pair.join("+"))) history.push([pair, months[(i + j) % months.length]]);
      }
    }
    history.push([["a", "b"], "2025-01"], [["e", "f"], "2024-12"]); // long ago: allowed
    const inst = instance(people, { history, repeatWindowMonths: 12 });
    const result = run(inst, strategy);
    expect(sorted(result.groups)).toEqual(["a+b", "c+d", "e+f"]);
    expect(result.stats).toMatchObject({ placed: 6, crossDepartmentPairs: 3, neverMetPairs: 1 });
  });
});

describe.each(strategies)("runMatching history and sit-outs (%s)", (strategy) => {
  it("places everyone when the only way leads through an odd cycle (blossom)", () => {
    // One department; last month's history blocks every pair except these. b can only meet d,
    // and c, d, e form a triangle, so the one full pairing is b-d, c-e, a-g, f-h.
    const allowedPairs = new Set([
      "ae",
      "af",
      "ag",
      "ah",
      "bd",
      "cd",
      "ce",
      "de",
      "ef",
      "eg",
      "fh",
    ]);
    const ids = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const people: Person[] = ids.map((id) => [id, "X", "cdef".includes(id) ? A : S]);
    const history: [string[], string][] = [];
    for (const x of ids)
      for (const y of ids) if (x < y && !allowedPairs.has(x + y)) history.push([[x, y], "2027-02"]);
    for (let seed = 1; seed <= 40; seed++) {
      const result = run(instance(people, { history, seed, repeatWindowMonths: 1 }), strategy);
      expect(sorted(result.groups)).toEqual(["a+g", "b+d", "c+e", "f+h"]);
    }
  });

  it("pairs people who never met rather than people who met before the window", () => {
    const people: Person[] = ["a", "b", "c", "d"].map((id): Person => [id, "X", A]);
    const history: [string[], string][] = [
      [["a", "b"], "2026-06"],
      [["c", "d"], "2026-06"],
    ];
    for (let seed = 1; seed <= 5; seed++) {
      const result = run(instance(people, { history, seed }), strategy);
      expect(result.stats.neverMetPairs).toBe(2);
      expect(sorted(result.groups)).not.toContain("a+b");
    }
  });

  it("lets someone sit out who did not sit out last time", () => {
    const people: Person[] = [
      ["a", "X", A, true],
      ["b", "X", A],
      ["c", "X", A],
    ];
    for (let seed = 1; seed <= 8; seed++) {
      const result = run(instance(people, { seed }), strategy);
      expect(result.unmatched).toHaveLength(1);
      expect(result.unmatched[0]).not.toBe("a");
    }
  });

  it("blocks repeats over a year boundary and only inside the window", () => {
    const people: Person[] = [
      ["a", "X", A],
      ["b", "Y", A],
    ];
    const paired = (month: string) =>
      run(
        instance(people, {
          month: "2027-01",
          repeatWindowMonths: 2,
          history: [[["a", "b"], month]],
        }),
        strategy,
      ).stats.placed === 2;
    expect(paired("2026-12")).toBe(false);
    expect(paired("2026-11")).toBe(false);
    expect(paired("2026-10")).toBe(true);
    expect(paired("2027-01")).toBe(true);
  });

  it("handles empty and one-person instances", () => {
    expect(run(instance([]), strategy)).toMatchObject({ groups: [], unmatched: [] });
    expect(run(instance([["a", "X", A]], { oddPolicy: "trio" }), strategy).unmatched).toEqual([
      "a",
    ]);
  });
});

describe("runMatching randomness", () => {
  const inst = () => generateInstance({ people: 80, departments: 5, seed: 3 });
  const withoutTime = (r: MatchingResult) => ({ ...r, stats: { ...r.stats, elapsedMs: 0 } });

  it("is reproducible with the same seed", () => {
    for (const strategy of ["auto", "fast", "exact"] as const) {
      const first = runMatching(inst(), { strategy });
      expect(withoutTime(runMatching(inst(), { strategy }))).toEqual(withoutTime(first));
    }
  });

  it("reports the random seed it drew when none is given, and that seed reproduces the run", () => {
    const { seed: _ignored, ...unseeded } = inst();
    const first = runMatching(unseeded);
    expect(Number.isSafeInteger(first.seed)).toBe(true);
    const again = runMatching({ ...unseeded, seed: first.seed });
    expect(withoutTime(again)).toEqual(withoutTime(first));
  });

  it("draws different pairings for different seeds", () => {
    for (const strategy of ["exact", "fast"] as const) {
      const a = runMatching({ ...inst(), seed: 1 }, { strategy });
      const b = runMatching({ ...inst(), seed: 2 }, { strategy });
      expect(sorted(a.groups)).not.toEqual(sorted(b.groups));
      expect(a.stats.crossDepartmentPairs).toBe(b.stats.crossDepartmentPairs);
    }
  });

  it("solves small instances exactly and large ones with the fast path by default", () => {
    expect(runMatching(inst()).stats.method).toBe("exact");
    expect(runMatching(generateInstance({ people: 400, departments: 10 })).stats.method).toBe(
      "fast",
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateInstance } from "../../../bench/generate-instance";
import { matchingPreferences } from "../../shared/enums";
import { runMatching, validateResult } from "./engine";
import { planSizes } from "./group-plan";
import { fewestInOtherSize } from "./group-sizes-check";
import type { GroupSize, MatchingInstance, MatchingResult, MatchingUser } from "./types";
import { isInWindow } from "./window";

type Person = [
  id: string,
  department: string,
  preference: MatchingUser["preference"],
  size: 2 | 3 | 4,
];

function instance(people: Person[], history: [string[], string][] = []): MatchingInstance {
  return {
    month: "2027-03",
    repeatWindowMonths: 3,
    seed: 7,
    users: people.map(([id, department, preference, groupSize]) => ({
      id,
      department,
      preference,
      groupSize,
    })),
    history: history.map(([users, month]) => ({ users, month })),
  };
}

function run(inst: MatchingInstance, strategy: "auto" | "fast" = "auto"): MatchingResult {
  const result = runMatching(inst, { strategy });
  expect(validateResult(inst, result)).toEqual([]);
  return result;
}

const sizes = (r: MatchingResult) => r.groups.map((g) => g.length).sort();
const people = (n: number, size: 2 | 3 | 4, pref: Person[2] = "any", depts = n): Person[] =>
  Array.from({ length: n }, (_, i) => [`${size}-${i}`, `d${i % depts}`, pref, size]);

describe("groups by choice", () => {
  it("never costs a chat: one who chose 3 and one who chose 4 in a small team join pairs as their third", () => {
    const team = instance([...people(4, 2), ["three", "d7", "any", 3], ["four", "d8", "any", 4]]);
    for (const strategy of ["auto", "fast"] as const) {
      const result = run(team, strategy);
      expect(result.unmatched).toEqual([]);
      expect(sizes(result)).toEqual([3, 3]);
      expect(result.stats.placed).toBe(6);
    }
  });

  it("forms groups of 3 and 4 and pairs the one-to-one people as before", () => {
    const inst = instance([...people(6, 3), ...people(8, 4), ...people(4, 2)]);
    const result = run(inst);
    expect(sizes(result)).toEqual([2, 2, 3, 3, 4, 4]);
    expect(result.unmatched).toEqual([]);
    expect(result.stats.groupFormation).toMatchObject({ people: 14, placed: 14, otherSize: 0 });
    const pairsAlone = run(instance(people(4, 2)));
    const pairIds = (r: MatchingResult) =>
      r.groups.filter((g) => g[0].startsWith("2-")).map((g) => [...g].sort().join("+"));
    expect(pairIds(result).sort()).toEqual(pairIds(pairsAlone).sort());
  });

  it("keeps same-department groups inside their department and cross-department groups mixed", () => {
    const same: Person[] = [
      ["s1", "X", "same-department", 3],
      ["s2", "X", "same-department", 3],
      ["a1", "X", "any", 3],
      ["c1", "X", "cross-department", 3],
      ["c2", "Y", "cross-department", 3],
      ["c3", "Z", "cross-department", 3],
    ];
    const result = run(instance(same));
    const sorted = result.groups.map((g) => [...g].sort().join("+")).sort();
    expect(sorted).toEqual(["a1+s1+s2", "c1+c2+c3"]);
    expect(result.stats.groupFormation?.crossDepartmentPairs).toBe(3);
  });

  it("puts at most the fewest people the numbers allow in the nearest other size", () => {
    const five = run(instance(people(5, 3)));
    expect(sizes(five)).toEqual([2, 3]);
    expect(five.stats.groupFormation).toMatchObject({ placed: 5, otherSize: 2 });
    const seven = run(instance([...people(7, 3), ...people(2, 4)]));
    expect(seven.unmatched).toEqual([]);
    // 7 + 2: two who chose 4 join groups of 3 (or two who chose 3 a group of 4), no fewer.
    expect(seven.stats.groupFormation).toMatchObject({ otherSize: 2, otherSizeMinimum: 2 });
  });

  it("never groups people the repeat window keeps apart", () => {
    const four = people(4, 4);
    const history: [string[], string][] = [[[four[0][0], four[1][0]], "2027-01"]];
    const result = run(instance(four, history));
    // Four people, two of whom met last month: the best is a group of three (nearest size).
    expect(sizes(result)).toEqual([3]);
    expect(result.unmatched).toHaveLength(1);
  });

  it("reports cross-department pairs against a bound it reaches when every department differs", () => {
    const result = run(instance(people(12, 4, "cross-department")));
    const g = result.stats.groupFormation!;
    expect(g.crossDepartmentPairs).toBe(18);
    expect(g.crossDepartmentUpperBound).toBe(18);
    const oneDept = run(instance(people(8, 4, "any", 2).map(([id, , p, s]) => [id, "X", p, s])));
    expect(oneDept.stats.groupFormation?.crossDepartmentUpperBound).toBe(0);
  });

  it("gives exactly today's result when everyone states group size 2", () => {
    const inst = generateInstance({ people: 300, departments: 12, seed: 4 });
    const stated = { ...inst, users: inst.users.map((u) => ({ ...u, groupSize: 2 as const })) };
    const a = runMatching(inst);
    const b = runMatching(stated);
    expect([b.groups, b.unmatched]).toEqual([a.groups, a.unmatched]);
  });

  it("plans sizes with as few people in another size as an independent search finds", () => {
    for (let n3 = 0; n3 <= 30; n3++) {
      for (let n4 = 0; n4 <= 30; n4++) {
        const plan = planSizes(n3, n4);
        if (plan.leftOut[3] + plan.leftOut[4] === 0) {
          expect(plan.otherSize).toBe(fewestInOtherSize(n3, n4));
        } else expect(fewestInOtherSize(n3, n4)).toBe(Number.POSITIVE_INFINITY);
        const seats = plan.slots.reduce((s, slot) => s + slot.length, 0);
        expect(seats + plan.leftOut[3] + plan.leftOut[4]).toBe(n3 + n4);
      }
    }
  });
});

describe("validateResult on groups by choice", () => {
  const four = instance([
    ["a", "X", "any", 4],
    ["b", "Y", "any", 4],
    ["c", "Z", "any", 3],
    ["d", "W", "any", 3],
    ["e", "V", "any", 3],
  ]);
  const result = (groups: string[][], unmatched: string[], otherSize: number): MatchingResult => {
    const base = runMatching(four);
    const stats = { ...base.stats, groupFormation: { ...base.stats.groupFormation!, otherSize } };
    return { ...base, groups, unmatched, stats };
  };
  const problems = (groups: string[][], unmatched: string[], otherSize = 0) =>
    validateResult(four, result(groups, unmatched, otherSize)).filter(
      (p) => !p.startsWith("stats.placed") && !p.startsWith("stats.c") && !p.startsWith("stats.n"),
    );

  it("accepts the nearest other size and counts it", () => {
    expect(
      problems(
        [
          ["a", "b", "c"],
          ["d", "e"],
        ],
        [],
        4,
      ),
    ).toEqual([]);
    expect(
      problems(
        [
          ["a", "b", "c"],
          ["d", "e"],
        ],
        [],
        1,
      ),
    ).toEqual(["stats.groupFormation.otherSize is 1, groups have 4"]);
  });

  it("rejects someone two sizes from their choice and a group of five", () => {
    expect(
      problems(
        [
          ["a", "c"],
          ["b", "d", "e"],
        ],
        [],
        2,
      ),
    ).toContain('"a" chose a group of 4 and is in one of 2');
    expect(problems([["a", "b", "c", "d", "e"]], [], 5)[0]).toBe(
      "group [a, b, c, d, e] has 5 people",
    );
  });

  it("rejects people left out who could have formed a group", () => {
    expect(problems([["a", "b", "c"]], ["d", "e"], 2)).toEqual([
      '"d" and "e" chose 3, may share a group and are both left out',
    ]);
  });

  it("checks the repeat window inside a group of four", () => {
    const met = { ...four, history: [{ users: ["a", "d"], month: "2027-02" }] };
    const r = result([["a", "b", "c", "d"]], ["e"], 2);
    expect(validateResult(met, r)).toContain('rule 3: "a" and "d" met within the last 3 months');
  });
});

/** Exhaustive yardstick: every way to split up to 8 people into groups of 2–4 or leave them out. */
function bestByBruteForce(inst: MatchingInstance): number[] {
  const users = inst.users;
  const recent = new Set<string>();
  const ever = new Set<string>();
  for (const h of inst.history ?? []) {
    for (const a of h.users) {
      for (const b of h.users) {
        if (a === b) continue;
        ever.add(`${a} ${b}`);
        if (isInWindow(h.month, inst.month, inst.repeatWindowMonths)) recent.add(`${a} ${b}`);
      }
    }
  }
  const ok = (x: MatchingUser, y: MatchingUser) => {
    const same = x.department === y.department;
    const wants = (u: MatchingUser) =>
      u.preference === "any" || (u.preference === "same-department") === same;
    return wants(x) && wants(y) && !recent.has(`${x.id} ${y.id}`);
  };
  const value = (group: MatchingUser[]): number[] | null => {
    const s = group.length;
    let other = 0;
    let cross = 0;
    let never = 0;
    for (const [i, x] of group.entries()) {
      const k = x.groupSize ?? 2;
      if (Math.abs(k - s) > 1) return null;
      if (k !== s) other++;
      for (const y of group.slice(i + 1)) {
        if (!ok(x, y)) return null;
        if (x.department !== y.department) cross++;
        if (!ever.has(`${x.id} ${y.id}`)) never++;
      }
    }
    return [s, 0 - other, cross, never];
  };
  let best = [0, 0, 0, 0];
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
    return false;
  };
  const search = (rest: MatchingUser[], score: number[]) => {
    if (rest.length === 0) {
      if (better(score, best)) best = score;
      return;
    }
    const [first, ...others] = rest;
    search(others, score);
    const subsets = (from: MatchingUser[], k: number): MatchingUser[][] =>
      k === 0
        ? [[]]
        : from.flatMap((u, i) => subsets(from.slice(i + 1), k - 1).map((s) => [u, ...s]));
    for (let k = 1; k <= 3; k++) {
      for (const mates of subsets(others, k)) {
        const v = value([first, ...mates]);
        if (v)
          search(
            others.filter((u) => !mates.includes(u)),
            score.map((x, i) => x + v[i]),
          );
      }
    }
  };
  search(users, best);
  return best;
}

const smallInstances = fc
  .record({
    people: fc.array(
      fc.record({
        dept: fc.nat(2),
        pref: fc.constantFrom(...matchingPreferences),
        size: fc.constantFrom<GroupSize>(3, 4),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    met: fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.integer({ min: 1, max: 6 })), {
      maxLength: 10,
    }),
    seed: fc.nat(),
  })
  .map(({ people: list, met, seed }): MatchingInstance => {
    const n = list.length;
    return {
      month: "2027-03",
      repeatWindowMonths: 3,
      seed,
      users: list.map((x, i) => ({
        id: `p${i}`,
        department: `d${x.dept}`,
        preference: x.pref,
        groupSize: x.size,
      })),
      history: met
        .filter(([a, b]) => n > 1 && a % n !== b % n)
        .map(([a, b, back]) => ({ users: [`p${a % n}`, `p${b % n}`], month: `2026-${13 - back}` })),
    };
  });

describe("groups by choice on random instances", () => {
  it("reach the exhaustive optimum on small instances: placed, other size, cross, never met", () => {
    fc.assert(
      fc.property(smallInstances, (inst) => {
        const result = run(inst);
        const g = result.stats.groupFormation!;
        expect([g.placed, 0 - g.otherSize, g.crossDepartmentPairs, g.neverMetPairs]).toEqual(
          bestByBruteForce(inst),
        );
      }),
      { numRuns: Math.max(1, Math.round(150 * Number(process.env.MATCHING_FUZZ_SCALE ?? 1))) },
    );
  });

  it("the fast path keeps every rule, leaves nobody out for sizes and repeats itself for a seed", () => {
    const params = fc.record({
      people: fc.integer({ min: 20, max: 400 }),
      departments: fc.integer({ min: 2, max: 30 }),
      mix: fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(params, ({ people: n, departments, mix, seed }) => {
        const inst = generateInstance({ people: n, departments, seed, groupSizeMix: mix });
        const result = run(inst, "fast");
        expect(runMatching(inst, { strategy: "fast" }).groups).toEqual(result.groups);
        const g = result.stats.groupFormation!;
        expect(g.crossDepartmentPairs).toBeLessThanOrEqual(g.crossDepartmentUpperBound);
        expect(g.placed).toBeLessThanOrEqual(g.people);
      }),
      { numRuns: Math.max(1, Math.round(25 * Number(process.env.MATCHING_FUZZ_SCALE ?? 1))) },
    );
  });
});

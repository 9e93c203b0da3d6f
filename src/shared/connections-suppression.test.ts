import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ConnectionFigures } from "./connections";
import { type ConnectionMatch, connectionsFromRows } from "./connections-from-rows";

/*
 * An attacker against the Connections answers (docs/privacy.md, "Figures about few people";
 * decision 0063). The unknowns are each department pair's connections per month and per part of
 * the company (one domain group's pairings, the others); every published figure that could be
 * made of them becomes a linear equation: a cell shown is the sum of its months and parts, and an
 * E-I index (of the period or of one month) or the number of chats is read as if it counted every
 * cell, hidden ones included, as it did before. The attacker solves every family of equations it
 * can combine without contradiction and wins when one of them pins a hidden cell to its true
 * value. The server's answer equals connectionsFromRows' (connections.property.test.ts), so
 * attacking this one attacks both.
 */

const MONTHS = ["2027-01", "2027-02", "2027-03"];
const DEPARTMENTS = ["Eng", "Sales", "Ops", "Legal"];
const GROUP_ID = 7;

type Scoped = ConnectionMatch & { inGroup: boolean };

/** Up to 14 people, so no department's row reaches the sizes where a rounded E-I index could pin a cell by chance. */
const historyArb = fc
  .record({
    people: fc.array(fc.constantFrom(...DEPARTMENTS), { minLength: 4, maxLength: 14 }),
    months: fc.array(
      fc.array(
        fc.record({
          members: fc.array(fc.nat(13), { minLength: 2, maxLength: 3 }),
          happened: fc.boolean(),
          inGroup: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
      { minLength: MONTHS.length, maxLength: MONTHS.length },
    ),
  })
  .map(({ people, months }) => {
    const history: Scoped[] = [];
    months.forEach((drawn, m) => {
      const busy = new Set<number>();
      for (const match of drawn) {
        const ids = [...new Set(match.members.map((i) => i % people.length))];
        if (ids.length < 2 || ids.some((i) => busy.has(i))) continue;
        for (const i of ids) busy.add(i);
        history.push({
          month: MONTHS[m],
          happened: match.happened,
          inGroup: match.inGroup,
          members: ids.map((i) => ({ id: `p${i}`, department: people[i] })),
        });
      }
    });
    return history;
  });

interface Query {
  from: string;
  to: string;
  inGroup: boolean;
}

const answer = (history: readonly Scoped[], q: Query, minCell: number) =>
  connectionsFromRows(
    history.filter((m) => !q.inGroup || m.inGroup),
    { from: q.from, to: q.to, domainGroupId: q.inGroup ? GROUP_ID : null, minCell },
  );

const PARTS = ["group", "other"] as const;
const PAIRS = DEPARTMENTS.flatMap((a, i) => DEPARTMENTS.slice(i).map((b) => [a, b] as const));
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const VARIABLES = MONTHS.flatMap((m) =>
  PARTS.flatMap((s) => PAIRS.map(([a, b]) => `${m}/${s}/${pairKey(a, b)}`)),
);
const variable = new Map(VARIABLES.map((v, i) => [v, i]));
const at = (month: string, part: string, a: string, b: string) =>
  variable.get(`${month}/${part}/${pairKey(a, b)}`) as number;

/** The true number of connections of every unknown: chats only, each two members once. */
function truth(history: readonly Scoped[]): number[] {
  const x = VARIABLES.map(() => 0);
  for (const m of history.filter((h) => h.happened)) {
    m.members.forEach((p, i) => {
      for (const q of m.members.slice(i + 1)) {
        x[at(m.month, m.inGroup ? "group" : "other", p.department ?? "", q.department ?? "")]++;
      }
    });
  }
  return x;
}

interface Equation {
  coefficients: number[];
  value: number;
}
type Family = "cells" | "ei" | "eiTrend" | "chats";

const monthsOf = (q: Query) => MONTHS.filter((m) => m >= q.from && m <= q.to);
const partsOf = (q: Query) => (q.inGroup ? ["group"] : [...PARTS]);

/** The sum of one department pair over an answer's months and parts. */
function cellVector(q: Query, a: string, b: string): number[] {
  const row = VARIABLES.map(() => 0);
  for (const m of monthsOf(q)) for (const s of partsOf(q)) row[at(m, s, a, b)] = 1;
  return row;
}

/** E-I read as over every cell of `d`'s row in `months`: (1 − E)·external − (1 + E)·internal = 0. */
function eiVector(q: Query, months: readonly string[], d: string, e: number): number[] {
  const row = VARIABLES.map(() => 0);
  for (const m of months) {
    for (const s of partsOf(q)) {
      for (const o of DEPARTMENTS) row[at(m, s, d, o)] += o === d ? -(1 + e) : 1 - e;
    }
  }
  return row;
}

/** What the attacker reads in one answer, by family of equations. */
function equationsOf(q: Query, f: ConnectionFigures): Record<Family, Equation[]> {
  const families: Record<Family, Equation[]> = { cells: [], ei: [], eiTrend: [], chats: [] };
  const index = new Map(f.departments.map((d, i) => [d, i]));
  for (const [a, b] of PAIRS) {
    const i = index.get(a);
    const j = index.get(b);
    // A department nobody in the answer was matched from has no connection in it.
    const value = i === undefined || j === undefined ? 0 : f.met[i][j];
    if (value !== null) families.cells.push({ coefficients: cellVector(q, a, b), value });
  }
  for (const d of f.departments) {
    const e = f.eiIndex[d];
    if (e != null) families.ei.push({ coefficients: eiVector(q, monthsOf(q), d, e), value: 0 });
    for (const month of f.eiTrend) {
      const em = month.eiIndex[d];
      if (em != null) {
        families.eiTrend.push({ coefficients: eiVector(q, [month.month], d, em), value: 0 });
      }
    }
  }
  if (f.chats !== null) {
    const all = VARIABLES.map(() => 0);
    for (const [a, b] of PAIRS) {
      cellVector(q, a, b).forEach((c, v) => {
        all[v] += c;
      });
    }
    families.chats.push({ coefficients: all, value: f.chats });
  }
  return families;
}

/**
 * Gauss–Jordan elimination; null when the equations contradict each other (a reading the
 * attacker guessed wrong). Otherwise a function answering the value the equations pin `target`
 * to, or null when they leave it open.
 */
function solve(equations: readonly Equation[]) {
  const rows = equations.map((e) => [...e.coefficients, e.value]);
  const width = VARIABLES.length;
  const pivots: Array<{ row: number[]; column: number }> = [];
  for (let column = 0; column < width; column++) {
    const k = rows.findIndex((r) => !pivots.some((p) => p.row === r) && Math.abs(r[column]) > 1e-9);
    if (k < 0) continue;
    const pivot = rows[k];
    const scale = pivot[column];
    for (let c = 0; c <= width; c++) pivot[c] /= scale;
    for (const r of rows) {
      if (r === pivot || Math.abs(r[column]) < 1e-12) continue;
      const factor = r[column];
      for (let c = 0; c <= width; c++) r[c] -= factor * pivot[c];
    }
    pivots.push({ row: pivot, column });
  }
  const contradiction = rows.some(
    (r) => r.slice(0, width).every((c) => Math.abs(c) < 1e-9) && Math.abs(r[width]) > 1e-6,
  );
  if (contradiction) return null;
  return (target: readonly number[]): number | null => {
    const rest = [...target];
    let value = 0;
    for (const { row, column } of pivots) {
      const factor = rest[column];
      if (Math.abs(factor) < 1e-12) continue;
      for (let c = 0; c < width; c++) rest[c] -= factor * row[c];
      value += factor * row[width];
    }
    return rest.every((c) => Math.abs(c) < 1e-9) ? value : null;
  };
}

const FAMILY_SETS: Family[][] = [
  ["cells"],
  ["cells", "ei"],
  ["cells", "eiTrend"],
  ["cells", "chats"],
  ["cells", "ei", "eiTrend", "chats"],
];

/**
 * Every hidden cell of `target` the attacker pins to its true value from `answers` (the target's
 * answer among them), each as "from..to scope: a × b = value".
 */
function recovered(
  answers: ReadonlyArray<{ q: Query; f: ConnectionFigures }>,
  target: { q: Query; f: ConnectionFigures },
  x: readonly number[],
): string[] {
  const read = answers.map(({ q, f }) => equationsOf(q, f));
  const found: string[] = [];
  for (const families of FAMILY_SETS) {
    const pin = solve(read.flatMap((r) => families.flatMap((family) => r[family])));
    if (!pin) continue;
    target.f.departments.forEach((a, i) => {
      target.f.departments.forEach((b, j) => {
        if (j < i || target.f.met[i][j] !== null) return;
        const vector = cellVector(target.q, a, b);
        const value = pin(vector);
        const actual = vector.reduce((sum, c, v) => sum + c * x[v], 0);
        if (value !== null && Math.abs(value - actual) < 1e-6) {
          found.push(`${target.q.from}..${target.q.to} ${families}: ${a} × ${b} = ${actual}`);
        }
      });
    });
  }
  return found;
}

const periodArb = fc
  .tuple(fc.nat(MONTHS.length - 1), fc.nat(MONTHS.length - 1))
  .map(([a, b]) => ({ from: MONTHS[Math.min(a, b)], to: MONTHS[Math.max(a, b)] }));
const minCellArb = fc.integer({ min: 3, max: 5 });
const hides = (f: ConnectionFigures) => f.met.some((row) => row.includes(null));

describe("the Connections answers against an attacker", () => {
  it("no hidden cell can be worked out from any one answer", () => {
    let withHidden = 0;
    fc.assert(
      fc.property(
        historyArb,
        periodArb,
        fc.boolean(),
        minCellArb,
        (history, period, inGroup, minCell) => {
          const q = { ...period, inGroup };
          const f = answer(history, q, minCell);
          if (hides(f)) withHidden++;
          expect(recovered([{ q, f }], { q, f }, truth(history))).toEqual([]);
        },
      ),
      { seed: 65, numRuns: 400 },
    );
    // The attacker met hidden cells in a good share of the histories.
    expect(withHidden).toBeGreaterThan(100);
  });

  it("the attacker wins against an E-I index counted over every cell, as before", () => {
    // March: Eng–Sales three times (six people), Sales–Sales twice (four people: hidden).
    const pair = (a: string, da: string, b: string, db: string): Scoped => ({
      month: "2027-03",
      happened: true,
      inGroup: false,
      members: [
        { id: a, department: da },
        { id: b, department: db },
      ],
    });
    const history = [
      pair("e1", "Eng", "s1", "Sales"),
      pair("e2", "Eng", "s2", "Sales"),
      pair("e3", "Eng", "s3", "Sales"),
      pair("s4", "Sales", "s5", "Sales"),
      pair("s6", "Sales", "s1", "Sales"),
    ];
    const q = { from: "2027-03", to: "2027-03", inGroup: false };
    const f = answer(history, q, 5);
    // Sales–Sales is hidden, and Engineering's own cell (none) beside it: the chats (5) less the
    // chats across departments (3) would give Sales–Sales away otherwise.
    expect(f.met).toEqual([
      [null, 3],
      [3, null],
    ]);
    expect(recovered([{ q, f }], { q, f }, truth(history))).toEqual([]);
    const everyCell = answer(history, q, 1);
    const before = { ...f, eiIndex: everyCell.eiIndex };
    expect(recovered([{ q, f: before }], { q, f: before }, truth(history))).toContain(
      "2027-03..2027-03 cells,ei: Sales × Sales = 2",
    );
  });
});

describe("differencing two answers (docs/privacy.md, what comparing answers can reveal)", () => {
  const pairOfAnswers = fc.oneof(
    // Two periods, one inside the other, the same scope.
    fc
      .tuple(periodArb, periodArb, fc.boolean())
      .map(([a, b, inGroup]) => {
        const outer = { from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to };
        const inner = a.from === outer.from && a.to === outer.to ? b : a;
        return [
          { ...outer, inGroup },
          { ...inner, inGroup },
        ] as const;
      }),
    // Every pairing and one domain group's, the same period.
    periodArb.map(
      (p) =>
        [
          { ...p, inGroup: false },
          { ...p, inGroup: true },
        ] as const,
    ),
  );

  it("shows, for a cell both show, exactly its count where they differ, and never a cell both hide", () => {
    fc.assert(
      fc.property(historyArb, pairOfAnswers, minCellArb, (history, [wide, narrow], minCell) => {
        const fw = answer(history, wide, minCell);
        const fn = answer(history, narrow, minCell);
        const x = truth(history);
        // What comparing reveals, and only that: the count in the months or pairings one has
        // and the other lacks.
        const value = (f: ConnectionFigures, a: string, b: string) => {
          const i = f.departments.indexOf(a);
          const j = f.departments.indexOf(b);
          return i < 0 || j < 0 ? 0 : f.met[i][j];
        };
        for (const [a, b] of PAIRS) {
          const w = value(fw, a, b);
          const n = value(fn, a, b);
          if (w === null || n === null) continue;
          const between = cellVector(wide, a, b).map((c, v) => c - cellVector(narrow, a, b)[v]);
          expect(w - n).toBe(between.reduce((sum, c, v) => sum + c * x[v], 0));
        }
        // A cell both answers hide stays hidden, whatever the attacker combines.
        const both = [
          { q: wide, f: fw },
          { q: narrow, f: fn },
        ];
        const hiddenInBoth = (f: ConnectionFigures, other: ConnectionFigures) => ({
          ...f,
          met: f.met.map((row, i) =>
            row.map((cell, j) =>
              cell === null && value(other, f.departments[i], f.departments[j]) === null
                ? null
                : (cell ?? -1),
            ),
          ),
        });
        for (const [q, f, other] of [
          [wide, fw, fn],
          [narrow, fn, fw],
        ] as const) {
          expect(recovered(both, { q, f: hiddenInBoth(f, other) }, x)).toEqual([]);
        }
      }),
      { seed: 63, numRuns: 300 },
    );
  });
});

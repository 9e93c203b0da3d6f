/**
 * Pairing-engine benchmark: `npm run bench:matching [-- sizes...]` (default 1000 10000 100000).
 * Each size runs twice: everyone one-to-one, and "mixed", where people choose group sizes 2, 3
 * and 4 in the ratio 2 : 1 : 1 (FORMAT.md, "Groups by choice"); for mixed rows it also prints
 * the group figures against their bounds (people placed vs eligible, people in another size vs
 * the fewest the numbers allow, cross-department pairs inside groups vs their upper bound).
 *
 * For each size it generates an instance (250 departments, or fewer for small sizes; 12 months
 * of history; window 3), serialises it, and then in the same process, alternating over several
 * rounds, measures:
 *   - baseline: JSON.parse of the instance text + Fisher–Yates shuffle of the user ids;
 *   - engine:   runMatching on the parsed instance (default strategy).
 * It reports medians and their ratio (target: ≤ 3 at 100,000 people), people placed vs eligible,
 * the cross-department pairs against the upper bound min(⌊P/2⌋, P − largest share), the shared
 * working hours of all pairs (objective level 3, with BENCH_MIN_OVERLAP), and checks
 * every rule of the result with validateResult (exit code 1 on any violation). Up to EXACT_UP_TO
 * people the exact optimum (weighted blossom, O(n³)) is computed too and compared. The time to
 * validate the instance with the zod schema (CLI path) is reported separately.
 */
import { runMatching, validateResult } from "../src/server/matching/engine";
import { exactOptimum } from "../src/server/matching/exact-optimum";
import { checkInstance } from "../src/server/matching/instance-schema";
import {
  buildProblem,
  type Problem,
  sharedHours,
  sharedInterests,
} from "../src/server/matching/problem";
import type { MatchingInstance, MatchingResult } from "../src/server/matching/types";
import { generateInstance } from "./generate-instance";

const EXACT_UP_TO = 2_000;
/** `BENCH_MIN_OVERLAP=60 npm run bench:matching`: everyone in one of six zones and hours (rule 4). */
const minOverlap = process.env.BENCH_MIN_OVERLAP
  ? Number(process.env.BENCH_MIN_OVERLAP)
  : undefined;
/** `BENCH_OWN_RULES=1`: managers, "never with" lists, offices, ways to meet and interests. */
const ownRules = process.env.BENCH_OWN_RULES === "1";
/** `BENCH_PAIRS_ONLY=1`: only the one-to-one rows (no group choices). */
const pairsOnly = process.env.BENCH_PAIRS_ONLY === "1";
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
const plan = sizes.length > 0 ? sizes : [1_000, 10_000, 100_000];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x: number, digits = 1) => x.toFixed(digits);
/** A per-pair level summed over every pair of every group. */
function pairTotal(
  instance: MatchingInstance,
  result: MatchingResult,
  level: (p: Problem, u: number, v: number) => number,
): string {
  const p = buildProblem(instance);
  const at = new Map(p.ids.map((id, i) => [id, i]));
  let total = 0;
  for (const g of result.groups)
    for (let i = 0; i < g.length; i++)
      for (let j = i + 1; j < g.length; j++) total += level(p, at.get(g[i])!, at.get(g[j])!);
  return total.toLocaleString("en-US");
}
/** Objective level 3 of a result: whole shared hours per pair (capped). */
const sharedHoursOf = (instance: MatchingInstance, result: MatchingResult) =>
  instance.overlapFrom ? pairTotal(instance, result, sharedHours) : "n/a";
/** Objective level 4 of a result: shared interest tags per pair (capped). */
const sharedTagsOf = (instance: MatchingInstance, result: MatchingResult) =>
  instance.users.some((u) => u.interests?.length)
    ? pairTotal(instance, result, sharedInterests)
    : "n/a";
const pct = (a: number, b: number) => (b === 0 ? "100.0%" : `${((100 * a) / b).toFixed(2)}%`);

function baseline(text: string): { ms: number; instance: MatchingInstance } {
  const start = performance.now();
  const instance = JSON.parse(text) as MatchingInstance;
  const ids = instance.users.map((u) => u.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const t = ids[i];
    ids[i] = ids[j];
    ids[j] = t;
  }
  const ms = performance.now() - start;
  if (ids.length !== instance.users.length) throw new Error("unreachable");
  return { ms, instance };
}

let failed = false;
const rows: string[][] = [];
const groupLines: string[] = [];
const MIX: [number, number, number] = [2, 1, 1];
const kinds = (n: number) =>
  pairsOnly ? [[n, false] as const] : [[n, false] as const, [n, true] as const];
for (const [people, mixed] of plan.flatMap(kinds)) {
  const departments = people >= 10_000 ? 250 : Math.max(5, Math.round(people / 25));
  const generated = generateInstance({
    people,
    departments,
    seed: 20270301,
    historyMonths: 12,
    ...(mixed ? { groupSizeMix: MIX } : {}),
    ...(minOverlap === undefined ? {} : { minOverlapMinutes: minOverlap }),
    ownRules,
  });
  const text = JSON.stringify(generated);
  const rounds = people >= 100_000 ? 7 : 11;
  const base: number[] = [];
  const engine: number[] = [];
  let result: MatchingResult | null = null;
  let last: MatchingInstance = generated;
  // One untimed warm-up round, then alternate baseline and engine.
  for (let round = -1; round < rounds; round++) {
    const b = baseline(text);
    const start = performance.now();
    result = runMatching(b.instance);
    const ms = performance.now() - start;
    last = b.instance;
    if (round >= 0) {
      base.push(b.ms);
      engine.push(ms);
    }
  }
  const r = result!;
  const zodStart = performance.now();
  const schemaOk = checkInstance(JSON.parse(text)).ok;
  const zodMs = performance.now() - zodStart - median(base);
  const violations = validateResult(last, r);
  if (violations.length > 0 || !schemaOk) failed = true;
  let vsExact = "n/a";
  if (people <= EXACT_UP_TO && !mixed) {
    const best = exactOptimum(last);
    vsExact = `placed ${r.stats.placed}/${best.placed}, cross ${r.stats.crossDepartmentPairs}/${best.cross}`;
    if (last.overlapFrom) vsExact += `, shared h ${sharedHoursOf(last, r)}/${best.sharedHours}`;
    if (ownRules) vsExact += `, shared tags ${sharedTagsOf(last, r)}/${best.sharedInterests}`;
    if (r.stats.placed !== best.placed) failed = true;
  }
  const pairs = r.groups.reduce((s, g) => s + (g.length * (g.length - 1)) / 2, 0);
  const g = r.stats.groupFormation;
  if (g) {
    groupLines.push(
      `  ${people.toLocaleString("en-US")} mixed: groups of 2/3/4 ${g.groupsBySize["2"]}/${g.groupsBySize["3"]}/${g.groupsBySize["4"]}; placed ${g.placed}/${g.people} (${pct(g.placed, g.people)}); in another size ${g.otherSize} (fewest the numbers allow: ${g.otherSizeMinimum}); cross ${g.crossDepartmentPairs}/${g.crossDepartmentUpperBound} (${pct(g.crossDepartmentPairs, g.crossDepartmentUpperBound)}); never met ${pct(g.neverMetPairs, g.pairs)}; quality ${g.quality}`,
    );
  }
  const bMed = median(base);
  const eMed = median(engine);
  rows.push([
    `${people.toLocaleString("en-US")}${mixed ? " mixed" : ""}`,
    String(departments),
    (generated.history?.length ?? 0).toLocaleString("en-US"),
    `${(text.length / 1e6).toFixed(1)} MB`,
    fmt(bMed),
    fmt(eMed),
    fmt(eMed / bMed, 2),
    fmt(Math.min(...engine) / Math.min(...base), 2),
    `${r.stats.placed}/${people} (${pct(r.stats.placed, people)})`,
    `${r.stats.crossDepartmentPairs}/${r.stats.crossDepartmentUpperBound} (${pct(r.stats.crossDepartmentPairs, r.stats.crossDepartmentUpperBound)})`,
    pct(r.stats.crossDepartmentPairs, pairs),
    pct(r.stats.neverMetPairs, pairs),
    sharedHoursOf(last, r),
    sharedTagsOf(last, r),
    vsExact,
    r.stats.method,
    violations.length === 0 ? "ok" : `${violations.length} violations`,
  ]);
  if (violations.length > 0) console.error(violations.slice(0, 10).join("\n"));
  console.error(
    `  ${people}: ${rounds} rounds; baseline ms ${base.map((x) => fmt(x, 0)).join(" ")}; engine ms ${engine.map((x) => fmt(x, 0)).join(" ")}; schema check ≈ ${fmt(Math.max(0, zodMs), 0)} ms`,
  );
}

const header = [
  "people",
  "depts",
  "history groups",
  "JSON",
  "baseline ms",
  "engine ms",
  "ratio (median)",
  "ratio (best)",
  "placed/eligible",
  "cross/bound",
  "cross share",
  "never met",
  "shared h",
  "shared tags",
  "vs exact optimum",
  "method",
  "rules",
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join("  ");
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  "\nbaseline = JSON.parse(instance text) + Fisher–Yates shuffle of the ids; ratio = engine / baseline (target ≤ 3 at 100,000).",
);
console.log(
  "cross/bound: cross-department pairs vs min(⌊P/2⌋, P − largest share), P = cross-department + any people (an upper bound, not the optimum).",
);
if (groupLines.length > 0) {
  console.log(
    "\ngroups by choice (mixed rows; bounds: placed ≤ eligible, cross ≤ ⌊½ Σ_d min(F_d, F − F_d)⌋ for the sizes formed, FORMAT.md):",
  );
  for (const line of groupLines) console.log(line);
}
if (failed) {
  console.error("RULE VIOLATIONS OR SCHEMA FAILURE — see above");
  process.exitCode = 1;
}

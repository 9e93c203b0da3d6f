/**
 * The search with group choices against its exhaustive reference, on many more random instances
 * than CI runs: `npm run bench:engine-exact [-- runs seed]` (default 2000 instances, seed 1).
 *
 * The instances are the property tests' (src/server/matching/exact-reference.ts: 2–14 people,
 * three departments, group sizes 2 : 3 : 4 chosen 3 : 1 : 1, one to three months of history of
 * pairs and trios, either odd policy). For each, the most people any result places
 * (referenceMostPlaced) against the engine's default ("auto": the search over subsets up to 12
 * people, else exchanges then the branch and bound), the branch and bound from the exchanges'
 * start ("exact"), and the exchanges alone ("fast", the method of large instances, which is not
 * promised to be exact). Exit code 1 and the instance printed when "auto" or "exact" places fewer
 * than the reference or breaks a rule.
 */
import fc from "fast-check";
import { runMatching, validateResult } from "../src/server/matching/engine";
import { referenceMostPlaced, smallMixedInstances } from "../src/server/matching/exact-reference";
import type { MatchingOptions } from "../src/server/matching/types";

const [runsArg, seedArg] = process.argv.slice(2).map(Number);
const runs = runsArg > 0 ? runsArg : 2000;
const seed = Number.isFinite(seedArg) ? seedArg : 1;

const strategies: Array<NonNullable<MatchingOptions["strategy"]>> = ["auto", "exact", "fast"];
const short = { auto: 0, exact: 0, fast: 0 };
const missed = { auto: 0, exact: 0, fast: 0 };
const ms = { reference: 0, auto: 0, exact: 0, fast: 0 };
let people = 0;
let possible = 0;
let failed = false;
for (const instance of fc.sample(smallMixedInstances, { numRuns: runs, seed })) {
  let start = performance.now();
  const most = referenceMostPlaced(instance);
  ms.reference += performance.now() - start;
  people += instance.users.length;
  possible += most;
  for (const strategy of strategies) {
    start = performance.now();
    const result = runMatching(instance, { strategy });
    ms[strategy] += performance.now() - start;
    const problems = validateResult(instance, result);
    if (result.stats.placed < most) {
      short[strategy]++;
      missed[strategy] += most - result.stats.placed;
    }
    if (strategy !== "fast" && (result.stats.placed !== most || problems.length > 0)) {
      failed = true;
      console.error(
        `${strategy}: placed ${result.stats.placed} of a possible ${most}; ${problems.join("; ")}\n${JSON.stringify(instance)}`,
      );
    }
  }
}
console.log(
  `${runs} instances (seed ${seed}), ${people} people, ${possible} placeable by the reference`,
);
for (const strategy of strategies) {
  console.log(
    `  ${strategy.padEnd(5)}  instances short of the maximum: ${short[strategy]}, people missed: ${missed[strategy]}, ${(ms[strategy] / runs).toFixed(2)} ms per instance`,
  );
}
console.log(`  reference: ${(ms.reference / runs).toFixed(2)} ms per instance`);
if (failed) process.exitCode = 1;

/**
 * Sample company generator benchmark: `npm run bench:sample-company [-- sizes...] [--rounds=N]`
 * (default 1000 10000 20000 100000, 3 rounds each).
 *
 * Times `sampleRounds` (src/shared/sample-company.ts: six months of history and the current round,
 * with `avoidClashes`) on `samplePeople(N)`, the company DEMO=1 DEMO_EMPLOYEES=N seeds, in this
 * process, the sizes taking turns round by round. Prints each size's median and range of wall
 * time, its median CPU time (steadier on a shared machine), and the matches of its current round. A size that takes longer than BENCH_LIMIT_S seconds (default 600)
 * in a round is not run again.
 */
import { type SampleRound, samplePeople, sampleRounds } from "../src/shared/sample-company";

const args = process.argv.slice(2);
const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
const plan = sizes.length ? sizes : [1_000, 10_000, 20_000, 100_000];
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.slice(9) ?? 3);
const limitMs = Number(process.env.BENCH_LIMIT_S ?? 600) * 1000;
/** A fixed date, so every run generates the same rounds. */
const NOW = new Date("2026-03-20T12:00:00Z");

const people = new Map(plan.map((n) => [n, samplePeople(n)]));
const times = new Map<number, number[]>(plan.map((n) => [n, []]));
const cpuTimes = new Map<number, number[]>(plan.map((n) => [n, []]));
const matches = new Map<number, number>();
const given = new Set<number>();

function timeOnce(n: number): number {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const generated: SampleRound[] = sampleRounds(people.get(n) ?? [], NOW);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  cpuTimes.get(n)?.push((used.user + used.system) / 1000);
  matches.set(n, generated.at(-1)?.matches.length ?? 0);
  return ms;
}

for (let round = 0; round < rounds; round++) {
  for (const n of plan) {
    if (given.has(n)) continue;
    const ms = timeOnce(n);
    times.get(n)?.push(ms);
    console.error(`round ${round + 1}, ${n} people: ${ms.toFixed(0)} ms`);
    if (ms > limitMs) given.add(n);
  }
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const ms = (x: number) => `${Math.round(x).toLocaleString("en")} ms`;
console.log("people\tmedian\trange\tCPU median\truns\tcurrent round's matches");
for (const n of plan) {
  const xs = times.get(n) ?? [];
  const range = `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;
  const cpu = ms(median(cpuTimes.get(n) ?? []));
  console.log(`${n}\t${ms(median(xs))}\t${range}\t${cpu}\t${xs.length}\t${matches.get(n)}`);
}

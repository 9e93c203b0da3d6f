/**
 * A whole `npm run --silent match` against a plain Node floor: `npm run bench:match-start
 * [-- people rounds]` (default 100000 people, 5 rounds).
 *
 * It writes one generated instance (bench/generate-instance.ts, as bench:matching) to a file,
 * builds the compiled command when stale (untimed), then alternates, each round, whole processes
 * reading that file on standard input and writing to /dev/null:
 *   - npm:      `npm run --silent match` (npm, then `node scripts/run.mjs match`, the compiled CLI);
 *   - direct:   `node dist/cli/match.js` (the compiled CLI without npm and the launcher);
 *   - floor:    `node bench/support/shuffle-pairs.mjs` (parse, shuffle into pairs, print);
 *   - node:     `node -e ""` (an empty Node process);
 *   - tsx:      `tsx src/server/matching/cli.ts` (what `npm run match` ran before it was compiled);
 *   (npm's own cost is npm − direct).
 * It prints medians of wall time and of CPU time, the ratio npm / floor (goal ≤ 1.5) and where the
 * CLI's time goes, measured in this process on the same bytes: the fast read of the instance
 * (instance-fast-read.ts), the engine, result serialisation, and for comparison the `JSON.parse`
 * of the whole text that the floor does.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, buildIsStale, entryFile } from "../scripts/build-server.mjs";
import { runMatching } from "../src/server/matching/engine";
import { readInstanceFast } from "../src/server/matching/instance-fast-read";
import { repoRoot } from "../src/server/repo-root";
import { generateInstance } from "./generate-instance";

const [peopleArg, roundsArg] = process.argv.slice(2).map(Number);
const people = peopleArg > 0 ? peopleArg : 100_000;
const rounds = roundsArg > 0 ? roundsArg : 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms: number) => `${Math.round(ms)} ms`;

const work = mkdtempSync(path.join(tmpdir(), "coj-match-start-"));
const instanceFile = path.join(work, "instance.json");
const departments = people >= 10_000 ? 250 : Math.max(5, Math.round(people / 25));
const text = JSON.stringify(
  generateInstance({ people, departments, seed: 20270301, historyMonths: 12 }),
);
writeFileSync(instanceFile, text);
if (buildIsStale("match")) await build(["match"]);

const commands: Record<string, [string, string[]]> = {
  npm: ["npm", ["run", "--silent", "match"]],
  direct: [process.execPath, [entryFile("match")]],
  floor: [process.execPath, [path.join(repoRoot, "bench", "support", "shuffle-pairs.mjs")]],
  node: [process.execPath, ["-e", ""]],
  tsx: [
    process.execPath,
    [
      path.join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs"),
      path.join(repoRoot, "src", "server", "matching", "cli.ts"),
    ],
  ],
};

/**
 * CPU seconds (user + system) of this process's waited-for children, from /proc (Linux), so the
 * processes' own work can be compared apart from the machine's load; null elsewhere.
 */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // After the command name: field 16 (cutime) and 17 (cstime) are at indices 13 and 14, in ticks.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

function timeProcess(name: string): { ms: number; cpuMs: number | null } {
  const [command, args] = commands[name];
  const input = openSync(instanceFile, "r");
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const run = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: [input, "ignore", "pipe"],
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const ms = performance.now() - start;
  closeSync(input);
  if (run.status !== 0) throw new Error(`${name} exited ${run.status}: ${run.stderr}`);
  const cpuAfter = childrenCpuMs();
  return { ms, cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

const times: Record<string, number[]> = { npm: [], direct: [], floor: [], node: [], tsx: [] };
const cpu: Record<string, number[]> = { npm: [], direct: [], floor: [], node: [], tsx: [] };
const inside: Record<string, number[]> = { json: [], read: [], engine: [], serialise: [] };
const bytes = Buffer.from(text);
// One untimed warm-up round (file cache, npm's own files), then the timed rounds.
for (let round = -1; round < rounds; round++) {
  for (const name of Object.keys(commands)) {
    const { ms, cpuMs } = timeProcess(name);
    if (round >= 0) times[name].push(ms);
    if (round >= 0 && cpuMs !== null) cpu[name].push(cpuMs);
  }
  const start = performance.now();
  JSON.parse(text);
  const jsonDone = performance.now();
  const prepared = readInstanceFast(bytes);
  if (prepared === null) throw new Error("the generated instance missed the fast read");
  const read = performance.now();
  const result = runMatching(prepared.instance, {}, prepared.ids);
  const matched = performance.now();
  JSON.stringify(result);
  if (round >= 0) {
    inside.json.push(jsonDone - start);
    inside.read.push(read - jsonDone);
    inside.engine.push(matched - read);
    inside.serialise.push(performance.now() - matched);
  }
}
rmSync(work, { recursive: true, force: true });

const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const c = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, median(v)]));
const i = Object.fromEntries(Object.entries(inside).map(([k, v]) => [k, median(v)]));
console.log(
  `${people.toLocaleString("en-US")} people, ${(text.length / 1e6).toFixed(1)} MB of JSON, ${rounds} rounds (medians; every round, wall and CPU, on stderr)`,
);
for (const [name, label] of [
  ["npm", "npm run --silent match"],
  ["direct", "node dist/cli/match.js"],
  ["floor", "floor: parse + shuffle into pairs"],
  ["node", "empty node process"],
  ["tsx", "tsx src/server/matching/cli.ts"],
] as const) {
  const cpuNote = cpu[name].length > 0 ? `  (CPU ${fmt(c[name])})` : "";
  console.log(`  ${label.padEnd(36)} ${fmt(m[name]).padStart(8)}${cpuNote}`);
  const cpuRounds = cpu[name].length > 0 ? `; CPU ${cpu[name].map(fmt).join(", ")}` : "";
  console.error(`  ${name}: ${times[name].map(fmt).join(", ")}${cpuRounds}`);
}
console.log(`ratio npm run match / floor: ${(m.npm / m.floor).toFixed(2)} (goal ≤ 1.5)`);
console.log(`ratio node dist/cli/match.js / floor: ${(m.direct / m.floor).toFixed(2)}`);
console.log(`ratio tsx (before) / floor: ${(m.tsx / m.floor).toFixed(2)}`);
if (cpu.npm.length > 0) {
  console.log(
    `CPU-time ratios (user + system): npm run match / floor ${(c.npm / c.floor).toFixed(2)}, direct / floor ${(c.direct / c.floor).toFixed(2)}, tsx / floor ${(c.tsx / c.floor).toFixed(2)}`,
  );
}
console.log("where the time of `npm run --silent match` goes (medians):");
const rest = m.direct - m.node - i.read - i.engine - i.serialise;
for (const [label, ms] of [
  ["npm and the launcher (npm − direct)", m.npm - m.direct],
  ["Node start (empty process)", m.node],
  ["read and check: readInstanceFast (in process)", i.read],
  ["engine: runMatching (in process)", i.engine],
  ["result JSON.stringify (in process)", i.serialise],
  ["rest: module load, stdin, stdout", rest],
] as const) {
  console.log(`  ${label.padEnd(46)} ${fmt(ms).padStart(8)}`);
}
console.log(`  (the floor's JSON.parse of the whole text, in process: ${fmt(i.json)})`);

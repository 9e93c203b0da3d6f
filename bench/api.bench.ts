/**
 * API throughput benchmark: `npm run bench:api [-- rounds]` (default 3 rounds of 5 s per endpoint;
 * BENCH_SECONDS sets the length; BENCH_POOL_SIZE sets the PostgreSQL pool of the app and the floor
 * alike, default the app's 10; BENCH_CONNECTIONS the connections, default 10; BENCH_PEOPLE the
 * signed-in people the connections take in turn, default one per connection; the hot reads' goals
 * were first measured at 50 connections and 12 people: docs/performance.md, "Hot API path").
 *
 * Starts the built app (`scripts/start.mjs`, NODE_ENV=production, DEMO=1 sample company) twice —
 * on a throwaway PostgreSQL server and on embedded PGlite — and, in the same run, a floor process
 * (bench/support/floor-server.mjs: bare Fastify, one indexed SELECT through a `pg` pool on the same
 * PostgreSQL server; and a constant hello-world). The admin generates a company-wide pairing, ten
 * employees in it sign in with e-mailed codes, then autocannon (10 connections, 127.0.0.1, each
 * connection one of the ten people by default, so no two concurrent reads share a session) measures each
 * endpoint right after its baseline (the floor for database endpoints, hello-world
 * for /api/health), in rounds. The floor process also runs the statement the app runs for
 * `/api/matches/current` while the person's view is unchanged (session, whitelist check, view
 * versions) with the employee's values the same bare way: that "statement ceiling" shows how much of the gap to the floor is
 * the statement's work in PostgreSQL and how much the app's. Each measurement also reads the CPU
 * time per request of the server, PostgreSQL's backends and this process (support/cpu-meter.ts).
 * Throughput drifts during a run on a shared machine: each ratio is taken within its adjacent
 * pair and the median of those ratios is reported, with the median req/s (range) and p99
 * latency of every target. Any non-2xx answer fails the run.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { buildServer, serverBuildIsStale } from "../scripts/build-server.mjs";
import { hashSecret, SESSION_IDLE_MS } from "../src/server/auth/session-store";
import type { Db } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { sessionsViewVersionsQuery } from "../src/server/matches/session-view-versions";
import { startPostgresServer } from "../src/server/test/postgres-server";
import {
  type AppProcess,
  getJson,
  post,
  signInAdmin,
  signInEmployee,
  startApp,
} from "./support/app-process";
import { type CpuPerRequest, createCpuMeter } from "./support/cpu-meter";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const poolSize = process.env.BENCH_POOL_SIZE ?? "10";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Signed-in people, taken in turn by the connections (more connections than people share them). */
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? CONNECTIONS);
const ADMIN = { email: "bench-admin@acme.example", password: "a long bench admin password" };

interface Target {
  name: string;
  url: string;
  /** The process answering, for its CPU time. */
  pid: number;
  /** One signed-in person per connection. */
  cookies?: string[];
}
interface Sample {
  rps: number;
  p99: number;
  cpu: CpuPerRequest;
}

let cpuMeter: Awaited<ReturnType<typeof createCpuMeter>>;

async function measure(target: Target, duration = seconds): Promise<Sample> {
  let connection = 0;
  const stopMeter = await cpuMeter.start(target.pid);
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration,
    setupClient: (client) => {
      const cookie = target.cookies?.[connection++ % target.cookies.length];
      if (cookie) client.setHeaders({ cookie });
    },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpu = await stopMeter(result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, cpu };
}

function startFloor(
  databaseUrl: string,
  statement: { text: string; values: unknown[] },
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, "support", "floor-server.mjs"),
      databaseUrl,
      JSON.stringify(statement),
    ],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, DATABASE_POOL_SIZE: poolSize } },
  );
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      const found = /floor at (\S+)/.exec(chunk.toString());
      if (found)
        resolve({
          url: found[1],
          pid: child.pid ?? 0,
          stop: async () => {
            const exited = new Promise((done) => child.once("exit", done));
            child.kill("SIGTERM");
            await exited;
          },
        });
    });
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}`)));
  });
}

/**
 * The statement behind every /api/matches/current after the first (the answer kept in memory),
 * with the values of the employee's cookie.
 */
function currentMatchStatement(cookie: string) {
  const db = drizzle.mock({ schema }) as unknown as Db;
  const { sql: text, params } = sessionsViewVersionsQuery(db).toSQL();
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const now = new Date();
  const values = fillPlaceholders(params, {
    hashes: [hashSecret(token)],
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  });
  return { text, values };
}

/**
 * One person from each of the first running matches signs in, as many as there are connections.
 * The sample company seeds a round for the current month; where it has none (or too few matches),
 * the admin generates this month's company-wide pairing first.
 */
async function employeesWithCurrentMatch(app: AppProcess): Promise<string[]> {
  const admin = await signInAdmin(app, ADMIN.email, ADMIN.password);
  const runningMatches = async () => {
    const current = await getJson<{
      matchesByPairing: Record<string, { members: { email: string }[] }[]>;
    }>(`${app.url}/api/admin/current-pairings?limit=${PEOPLE}`, admin);
    return Object.values(current.matchesByPairing).flat().slice(0, PEOPLE);
  };
  let matches = await runningMatches();
  if (matches.length < PEOPLE) {
    await post(`${app.url}/api/admin/generate-pairing`, {}, admin);
    matches = await runningMatches();
  }
  if (matches.length < PEOPLE) throw new Error("the generated pairing has too few matches");
  const cookies: string[] = [];
  for (const match of matches) cookies.push(await signInEmployee(app, match.members[0].email));
  return cookies;
}

function appTargets(app: AppProcess, cookies: string[], label: string): Target[] {
  const pid = app.child.pid ?? 0;
  return [
    { name: `${label} /api/health`, url: `${app.url}/api/health`, pid },
    ...["/api/auth/user", "/api/matches/current", "/api/matches/history"].map((route) => ({
      name: `${label} ${route}`,
      url: `${app.url}${route}`,
      pid,
      cookies,
    })),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (serverBuildIsStale()) await buildServer();
  const postgres = await startPostgresServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-bench-api-"));
  const common = { DEMO: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  const apps: AppProcess[] = [];
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  cpuMeter = await createCpuMeter(postgres.url);
  try {
    const onPostgres = await startApp({
      ...common,
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: poolSize,
      DATA_DIR: path.join(dataDir, "pg"),
    });
    apps.push(onPostgres);
    const onPglite = await startApp({ ...common, DATA_DIR: path.join(dataDir, "pglite") });
    apps.push(onPglite);
    const postgresCookies = await employeesWithCurrentMatch(onPostgres);
    floor = await startFloor(postgres.url, currentMatchStatement(postgresCookies[0]));
    const targets: Target[] = [
      { name: "floor: Fastify + pg, one SELECT", url: `${floor.url}/floor`, pid: floor.pid },
      { name: "Fastify hello-world", url: `${floor.url}/hello`, pid: floor.pid },
      {
        name: "ceiling: Fastify + pg, app's statement",
        url: `${floor.url}/ceiling`,
        pid: floor.pid,
      },
      ...appTargets(onPostgres, postgresCookies, "PostgreSQL"),
      ...appTargets(onPglite, await employeesWithCurrentMatch(onPglite), "PGlite"),
    ];
    for (const target of targets) await measure(target, 1); // warm-up
    const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
    const ratios = new Map<string, number[]>();
    const [floorTarget, helloTarget, ceilingTarget, ...appTargetsList] = targets;
    const baselinesOf = (target: Target) =>
      target.name.endsWith("/api/health")
        ? [helloTarget]
        : target.name === "PostgreSQL /api/matches/current"
          ? [floorTarget, ceilingTarget]
          : [floorTarget];
    for (let round = 0; round < rounds; round++) {
      for (const target of appTargetsList) {
        for (const baseline of baselinesOf(target)) {
          const base = await measure(baseline);
          const sample = await measure(target);
          samples.get(baseline.name)?.push(base);
          samples.get(target.name)?.push(sample);
          const key = `${target.name} ÷ ${baseline.name.split(":")[0]}`;
          ratios.set(key, [...(ratios.get(key) ?? []), sample.rps / base.rps]);
        }
      }
    }
    report(samples, ratios);
  } finally {
    await floor?.stop();
    await cpuMeter.close();
    for (const app of apps) await app.stop();
    await postgres.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(samples: Map<string, Sample[]>, ratios: Map<string, number[]>) {
  const rps = (name: string) => median((samples.get(name) ?? []).map((s) => s.rps));
  console.log(
    `\n${rounds} rounds × ${seconds} s, ${CONNECTIONS} connections, ${PEOPLE} people in turn, pools of ${poolSize}; median req/s (range), median p99 latency`,
  );
  for (const [name, list] of samples) {
    const values = list.map((s) => s.rps);
    const range = `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
    console.log(
      `${name.padEnd(40)} ${String(Math.round(rps(name))).padStart(7)} req/s (${range})  p99 ${median(list.map((s) => s.p99))} ms`,
    );
  }
  console.log(
    "\nCPU per request, µs (median): server process, PostgreSQL backends, load generator",
  );
  for (const [name, list] of samples) {
    const cpu = (part: keyof CpuPerRequest) =>
      String(Math.round(median(list.map((s) => s.cpu[part])))).padStart(5);
    console.log(`${name.padEnd(40)} ${cpu("server")} ${cpu("postgres")} ${cpu("loadGenerator")}`);
  }
  console.log(
    "\nratios to the baseline measured just before (median of rounds, range); goals: PostgreSQL /api/matches/current and /api/auth/user ≥ 1.0 of the floor",
  );
  for (const [name, list] of ratios) {
    console.log(
      `${name.padEnd(50)} ${median(list).toFixed(2)} (${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`,
    );
  }
}

await main();

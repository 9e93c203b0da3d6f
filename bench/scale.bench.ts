/**
 * Company-scale benchmark: `npm run bench:scale [-- sizes...]` (default 1000 10000).
 *
 * For each size N, on a fresh database of one throwaway PostgreSQL server, starts the built app
 * with DEMO=1 DEMO_EMPLOYEES=N (the sample company: N people, six months of completed pairings)
 * and reports the time the seeding took, then, signed in as the admin: the company-wide
 * POST /api/admin/generate-pairing end to end (median of 3: each run deletes the pairing it made
 * first), and the median and range of 9 calls to each admin list
 * (GET /api/admin/users?limit=50, /api/admin/enhanced-metrics, /api/admin/pairing-validation,
 * /api/admin/current-pairings). Goals at 10,000: generate ≤ 5 s, each median ≤ 250 ms and none
 * more than 10 × its time at 1,000.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer, serverBuildIsStale } from "../scripts/build-server.mjs";
import { createServerDatabase, startPostgresServer } from "../src/server/test/postgres-server";
import { type AppProcess, post, signInAdmin, startApp } from "./support/app-process";

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const plan = sizes.length ? sizes : [1_000, 10_000];
const ADMIN = { email: "scale-admin@acme.example", password: "a long scale admin password" };
const lists = [
  "/api/admin/users?limit=50",
  "/api/admin/enhanced-metrics",
  "/api/admin/pairing-validation",
  "/api/admin/current-pairings",
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${Math.round(x)} ms`;

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return performance.now() - started;
}

async function generateTimes(app: AppProcess, cookie: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await post(`${app.url}/api/admin/generate-pairing`, {}, cookie);
    const body = (await response.json()) as { pairing?: { id: number }; pairingId?: number };
    times.push(performance.now() - started);
    const id = body.pairing?.id ?? body.pairingId;
    const removed = await fetch(`${app.url}/api/admin/pairings/${id}`, {
      method: "DELETE",
      headers: { cookie },
    });
    if (!removed.ok) throw new Error(`deleting pairing ${id}: ${removed.status}`);
  }
  return times;
}

async function measureSize(serverUrl: string, n: number) {
  const database = await createServerDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-scale-"));
  const started = performance.now();
  const app = await startApp({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    DEMO: "1",
    DEMO_EMPLOYEES: String(n),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const startMs = performance.now() - started;
  try {
    const cookie = await signInAdmin(app, ADMIN.email, ADMIN.password);
    const generate = await generateTimes(app, cookie);
    // Leave one active pairing so the current-pairings list has N/2 matches to show.
    await post(`${app.url}/api/admin/generate-pairing`, {}, cookie);
    const times: Record<string, number[]> = {};
    for (const url of lists) {
      times[url] = [];
      await timed(() => fetch(`${app.url}${url}`, { headers: { cookie } })); // warm-up
      for (let i = 0; i < 9; i++) {
        times[url].push(await timed(() => fetch(`${app.url}${url}`, { headers: { cookie } })));
      }
    }
    return { n, startMs, generate, times };
  } finally {
    await app.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (serverBuildIsStale()) await buildServer();
  const server = await startPostgresServer();
  try {
    const results = [];
    for (const n of plan) results.push(await measureSize(server.url, n));
    const base = results[0];
    console.log(`\nPostgreSQL; medians (range); ratio against N = ${base.n}`);
    for (const r of results) {
      console.log(`\nN = ${r.n}`);
      console.log(`  start with seeding             ${ms(r.startMs)}`);
      const g = median(r.generate);
      console.log(
        `  POST generate-pairing          ${ms(g)} (${ms(Math.min(...r.generate))}–${ms(Math.max(...r.generate))})  ×${(g / median(base.generate)).toFixed(1)}`,
      );
      for (const url of lists) {
        const m = median(r.times[url]);
        console.log(
          `  GET ${url.padEnd(28)} ${ms(m)} (${ms(Math.min(...r.times[url]))}–${ms(Math.max(...r.times[url]))})  ×${(m / median(base.times[url])).toFixed(1)}`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

await main();

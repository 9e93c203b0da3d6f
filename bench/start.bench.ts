/**
 * Start-up benchmark: `npm run bench:start [-- rounds]` (default 5).
 *
 * On one throwaway data directory (created by a first start), restarts the server several times
 * each way, alternating, and reports the median and range of the time from spawning the process to
 * the first 200 from /api/health, and the resident memory (VmRSS) of the idle server 3 s after
 * that:
 *   - compiled: `node scripts/start.mjs` (the built dist/server/main.js, what `npm start` runs);
 *   - tsx:      `tsx src/server/main.ts` (the TypeScript loader `npm start` used before).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildServer } from "../scripts/build-server.mjs";
import { repoRoot } from "../src/server/repo-root";

const rounds = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), "coj-start-"));
const tsxCli = path.join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs");
const ways = {
  compiled: [path.join(repoRoot, "scripts", "start.mjs")],
  tsx: [tsxCli, path.join(repoRoot, "src", "server", "main.ts")],
} as const;
type Way = keyof typeof ways;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The RSS of the process and its children (tsx runs the server in a child). */
function rssMb(pid: number): number {
  const status = (p: number) => readFileSync(`/proc/${p}/status`, "utf8");
  const rss = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(status(p))?.[1] ?? 0) / 1024;
  let total = rss(pid);
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ")) {
    if (child.trim()) total += rss(Number(child));
  }
  return total;
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startOnce(way: Way): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...ways[way]], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
    stdio: "ignore",
  });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, child);
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;

await buildServer();
await startOnce("compiled"); // creates the database in dataDir
const results: Record<Way, { ms: number[]; rss: number[] }> = {
  compiled: { ms: [], rss: [] },
  tsx: { ms: [], rss: [] },
};
for (let round = 0; round < rounds; round++) {
  for (const way of Object.keys(ways) as Way[]) {
    const { ms, rss } = await startOnce(way);
    results[way].ms.push(ms);
    results[way].rss.push(rss);
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`restart to healthy on an existing data directory, ${rounds} rounds`);
for (const way of Object.keys(ways) as Way[]) {
  const { ms, rss } = results[way];
  console.log(
    `${way.padEnd(9)} start ${Math.round(median(ms))} ms (${range(ms)})   idle RSS ${Math.round(median(rss))} MB (${range(rss)})`,
  );
}

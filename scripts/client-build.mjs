// The client's production build (`vite build` into dist/client), in a child process: Vite sets
// NODE_ENV=production in the process it runs in, which must not be the server's or a test
// runner's (docs/decisions/0004-compiled-server.md). `npm start` builds it when it is missing;
// the test runs build it once when a client source changed since (docs/performance.md, "The
// test suite").
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const clientDir = path.join(root, "dist", "client");
/** Written by every build: the chunk graph the bundle budget test reads, and the build's time. */
const manifest = path.join(clientDir, ".vite", "manifest.json");
/** What a client build is made from. */
const sources = ["src/client", "src/shared", "scripts", "assets", "index.html", "vite.config.ts"];

/** The path of Vite's command-line entry. */
export function viteBin() {
  const file = createRequire(import.meta.url).resolve("vite/package.json");
  const { bin } = JSON.parse(readFileSync(file, "utf8"));
  return path.join(path.dirname(file), typeof bin === "string" ? bin : bin.vite);
}

function newestTime(file) {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return stat?.mtimeMs ?? 0;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(file))
    newest = Math.max(newest, newestTime(path.join(file, name)));
  return newest;
}

/** True when there is no client build, or a source changed after it was made. */
export function clientBuildIsStale() {
  const built = statSync(manifest, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return sources.some((source) => newestTime(path.join(root, source)) > built);
}

/** `vite build` as `npm run build` runs it, in a child process; rejects with its output on failure. */
export async function buildClient() {
  await promisify(execFile)(process.execPath, [viteBin(), "build", "--logLevel", "warn"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
}

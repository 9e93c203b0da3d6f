// Compiles the server (src/server/main.ts and what it imports) into one ES module,
// dist/server/main.js, that plain Node runs: `npm start` runs no TypeScript loader
// (docs/decisions/0004-compiled-server.md). Packages stay external, loaded from node_modules.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverEntry = path.join(root, "dist", "server", "main.js");
const sourceDirs = ["src/server", "src/shared"].map((dir) => path.join(root, dir));

function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(file));
    else if (/\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** True when there is no server build, or a server source file changed after it was built. */
export function serverBuildIsStale() {
  let built;
  try {
    built = statSync(serverEntry).mtimeMs;
  } catch {
    return true;
  }
  return sourceDirs.some((dir) => newestSourceTime(dir) > built);
}

export async function buildServer() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outfile: serverEntry,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
    tsconfig: path.join(root, "tsconfig.json"),
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();

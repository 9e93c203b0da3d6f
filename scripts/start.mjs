// `npm start`: builds what is missing, each build in a child process, then runs the compiled
// server (dist/server/main.js) in this process. Never build in the server's process: Vite sets
// NODE_ENV=production there, so React modules loaded afterwards are its production build beside
// the development build loaded before, and every e-mail render then fails
// (docs/decisions/0004-compiled-server.md).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serverBuildIsStale, serverEntry } from "./build-server.mjs";
import { clientDir, viteBin } from "./client-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a Node script as a child process; a failed build stops `npm start` with its exit code. */
function runNode(args, what) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`${what} failed (exit code ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}

if (!existsSync(path.join(clientDir, "index.html"))) {
  console.log("No client build found: building it once (vite build)…");
  runNode([viteBin(), "build", "--logLevel", "warn"], "The client build");
}
if (serverBuildIsStale()) {
  console.log("Compiling the server (esbuild)…");
  runNode([path.join(root, "scripts", "build-server.mjs"), "server"], "The server build");
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);

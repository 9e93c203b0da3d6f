// `npm run match|admin|db:migrate`: `node scripts/run.mjs NAME [args…]` runs the compiled command
// (dist/cli/*.js) in this plain Node process, compiling it first only when it is missing or older
// than the server's sources (docs/decisions/0004-compiled-server.md). esbuild is loaded only for
// that build; the build's note goes to standard error, so standard output stays the command's.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, buildIsStale, entries, entryFile } from "./build-server.mjs";

const [name, ...args] = process.argv.slice(2);
if (!name || name === "server" || !(name in entries)) {
  const known = Object.keys(entries).filter((key) => key !== "server");
  console.error(`Usage: node scripts/run.mjs ${known.join("|")} [arguments…]`);
  process.exit(2);
}
const file = entryFile(name);
if (buildIsStale(name)) {
  console.error(`Compiling ${path.relative(process.cwd(), file) || file} (esbuild)…`);
  await build([name]);
}
// The command reads its arguments from process.argv as if Node had run it directly.
process.argv = [process.argv[0], file, ...args];
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);

// Compiles the server's entry points (the server itself and the command-line tools) with one
// esbuild step, each into one ES module under dist/ that plain Node runs: `npm start`,
// `npm run match`, `npm run admin` and `npm run db:migrate` run no TypeScript loader
// (docs/decisions/0004-compiled-server.md). Packages stay external, loaded from node_modules,
// but for React Email's.
// Every output sits two folders below the project root, as `src/server/repo-root.ts` expects.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each compiled entry: its name (as `scripts/run.mjs` takes it), source and output. */
export const entries = {
  server: { source: "src/server/main.ts", output: "dist/server/main.js" },
  match: { source: "src/server/matching/cli.ts", output: "dist/cli/match.js" },
  admin: { source: "src/server/admin-cli.ts", output: "dist/cli/admin.js" },
  "db:migrate": { source: "src/server/db/migrate-cli.ts", output: "dist/cli/migrate.js" },
};

/** The absolute path of an entry's compiled file. */
export const entryFile = (name) => path.join(root, entries[name].output);
export const serverEntry = entryFile("server");
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

/** True when an entry has no build, or a server source file changed after it was built. */
export function buildIsStale(name) {
  let built;
  try {
    built = statSync(entryFile(name)).mtimeMs;
  } catch {
    return true;
  }
  return sourceDirs.some((dir) => newestSourceTime(dir) > built);
}

export const serverBuildIsStale = () => buildIsStale("server");

/**
 * Builds the imports matching `filter` as a stand-in whose one export, the function `name`, throws
 * an error naming what was left out and where.
 */
function leaveOut(build, filter, name, what) {
  const namespace = `left-out-${name}`;
  const message = `${what} is left out of the server's build (scripts/build-server.mjs)`;
  build.onResolve({ filter }, (args) => ({ path: args.path, namespace }));
  build.onLoad({ filter: /.*/, namespace }, () => ({
    contents: `export function ${name}() { throw new Error(${JSON.stringify(message)}); }`,
    loader: "js",
  }));
}

/**
 * Packages stay external, loaded from node_modules, but for React Email's and date-fns: those are
 * bundled. React Email's components package's `export *` of the external renderer made esbuild
 * keep every component, so the renderer is bundled too; date-fns's package root loads every one
 * of its functions (0.13 s of a start), bundled only the ones the server uses are kept. The
 * components package starts every component it holds when it is imported: the code block's
 * Prism took a quarter of a second of every start, and Prettier, which the renderer imports for a
 * `pretty` option, 0.08 s. No e-mail draws a code block or is rendered pretty, so both are left
 * out (docs/performance.md, "A lighter start").
 */
const packagesMostlyExternal = {
  name: "packages-mostly-external",
  setup(build) {
    leaveOut(build, /^@react-email\/code-block$/, "CodeBlock", "React Email's code block");
    leaveOut(build, /^prettier\//, "format", "Prettier");
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@react-email/") || /^date-fns(\/|$)/.test(args.path)
        ? undefined
        : { external: true },
    );
  },
};

/** Builds the named entries (all by default) in one esbuild step. */
export const build = (names = Object.keys(entries)) => compile(names.map((name) => entries[name]));

/**
 * Compiles each `{ source, output }` (paths from the project root, outputs under dist/) in one
 * esbuild step; the tests compile their app-process entry with it. Each file is written beside its
 * place and renamed into it, so a process starting meanwhile never reads half a file.
 */
export async function compile(list) {
  const { build: esbuild } = await import("esbuild");
  const result = await esbuild({
    entryPoints: list.map(({ source, output }) => ({
      in: path.join(root, source),
      out: output.replace(/^dist\//, "").replace(/\.js$/, ""),
    })),
    outdir: path.join(root, "dist"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [packagesMostlyExternal],
    sourcemap: true,
    write: false,
    logLevel: "warning",
    tsconfig: path.join(root, "tsconfig.json"),
  });
  // Source maps first: the compiled file's modification time is what marks the build current.
  const outputs = [...result.outputFiles].sort(
    (a, b) => b.path.endsWith(".map") - a.path.endsWith(".map"),
  );
  for (const file of outputs) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

export const buildServer = () => build(["server"]);

// `node scripts/build-server.mjs [name…]`: the named entries, or all of them.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in entries));
  if (unknown.length > 0) {
    console.error(`Unknown entry ${unknown.join(", ")}; known: ${Object.keys(entries).join(", ")}`);
    process.exit(2);
  }
  await build(names.length > 0 ? names : undefined);
}

// `node scripts/dockerfile-steps.mjs`: runs the Dockerfile's build steps and its start command
// without Docker, as CI does after the tests, so the image's recipe cannot rot unnoticed
// (docs/operations.md, "The image"). Each stage gets a folder standing for its file system: COPY
// copies there (from the project, minus .dockerignore, or from an earlier stage), RUN runs its
// command there with the stage's ENV, and the last stage's CMD is started on a free port and must
// answer /api/health. An `npm ci` without `--omit` in a stage whose package-lock.json is the
// project's would install the very tree the project has: that step links the project's
// node_modules instead (minutes saved); every other step runs as written. USER, EXPOSE, VOLUME and
// HEALTHCHECK mean nothing outside a container and are skipped; any other instruction stops the
// script, so a new one is taught here before the Dockerfile can use it.
import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SKIPPED = new Set(["USER", "EXPOSE", "VOLUME", "HEALTHCHECK", "LABEL"]);
const START_TIMEOUT_MS = 120_000;

/** The Dockerfile's instructions: continuation lines joined, comments dropped. */
function parseDockerfile(text) {
  const instructions = [];
  let pending = "";
  for (const line of text.split("\n")) {
    if (!pending && /^\s*(#|$)/.test(line)) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = "";
    if (!full || full.startsWith("#")) continue;
    const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(full);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest });
  }
  return instructions;
}

/** `.dockerignore`'s patterns as one test of a path relative to the context. */
function ignoredBy(file) {
  const patterns = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#"))
    : [];
  if (patterns.some((pattern) => pattern.startsWith("!"))) {
    throw new Error(".dockerignore: exceptions (!) are not understood by this script");
  }
  const expressions = patterns.map((pattern) => {
    const body = pattern
      .replace(/^\/+|\/+$/g, "")
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*\*\/?/g, "\u0000")
      .replace(/\*/g, "[^/]*")
      .replace(/\?/g, "[^/]")
      .replaceAll("\u0000", "(.*/)?");
    return new RegExp(`^${body}(/.*)?$`);
  });
  return (relative) => expressions.some((expression) => expression.test(relative));
}

/** Splits `--flag=value` options off the front of an instruction's arguments. */
function options(args) {
  const flags = {};
  let rest = args;
  for (let found = /^--([\w-]+)(?:=(\S*))?\s+/.exec(rest); found; ) {
    flags[found[1]] = found[2] ?? true;
    rest = rest.slice(found[0].length);
    found = /^--([\w-]+)(?:=(\S*))?\s+/.exec(rest);
  }
  return { flags, rest };
}

/** `KEY=value KEY2=value` (or the old `KEY value`) of an ENV instruction. */
function envPairs(args) {
  if (!args.includes("=")) {
    const [key, ...value] = args.split(/\s+/);
    return [[key, value.join(" ")]];
  }
  return [...args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)].map(([, key, value]) => [
    key,
    value.startsWith('"') ? JSON.parse(value) : value,
  ]);
}

function runSteps(instructions, workDir) {
  const stages = new Map();
  const ignored = ignoredBy(path.join(root, ".dockerignore"));
  let stage;
  const hostPath = (target) => path.join(stage.rootfs, path.resolve(stage.workdir, target));
  for (const { keyword, args } of instructions) {
    if (keyword === "FROM") {
      const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.size}`;
      stage = { name, rootfs: path.join(workDir, name), workdir: "/", env: {} };
      mkdirSync(stage.rootfs, { recursive: true });
      stages.set(name, stage);
      console.log(`==> stage ${name} (${args})`);
    } else if (keyword === "WORKDIR") {
      stage.workdir = path.resolve(stage.workdir, args);
      mkdirSync(hostPath("."), { recursive: true });
    } else if (keyword === "ENV") {
      for (const [key, value] of envPairs(args)) stage.env[key] = value;
    } else if (keyword === "COPY") {
      copy(stages, args, hostPath, ignored);
    } else if (keyword === "RUN") {
      run(stage, args, hostPath);
    } else if (keyword === "CMD") {
      stage.cmd = JSON.parse(args);
    } else if (!SKIPPED.has(keyword)) {
      throw new Error(`Dockerfile: ${keyword} is not understood by scripts/dockerfile-steps.mjs`);
    }
  }
  return stage;
}

function copy(stages, args, hostPath, ignored) {
  const { flags, rest } = options(args);
  const parts = rest.split(/\s+/);
  const destination = parts.pop();
  const from = flags.from ? stages.get(flags.from) : undefined;
  if (flags.from && !from) throw new Error(`COPY --from=${flags.from}: no such stage`);
  for (const source of parts) {
    const sourcePath = from
      ? path.join(from.rootfs, path.resolve(from.workdir, source))
      : path.join(root, source);
    const into = destination.endsWith("/") || parts.length > 1;
    const isDir = statSync(sourcePath).isDirectory();
    const target =
      into && !(isDir && source === ".")
        ? path.join(hostPath(destination), isDir ? "" : path.basename(source))
        : hostPath(destination);
    const contextRoot = from ? from.rootfs : root;
    cpSync(sourcePath, target, {
      recursive: true,
      filter: (file) =>
        from || !ignored(path.relative(contextRoot, file).split(path.sep).join("/")),
    });
  }
}

function run(stage, args, hostPath) {
  const { rest: command } = options(args);
  const cwd = hostPath(".");
  const sameLock =
    existsSync(path.join(cwd, "package-lock.json")) &&
    readFileSync(path.join(cwd, "package-lock.json"), "utf8") ===
      readFileSync(path.join(root, "package-lock.json"), "utf8");
  if (/^npm ci(\s+--(no-audit|no-fund))*$/.test(command) && sameLock) {
    console.log(`==> RUN ${command}: the same package-lock.json, so the project's node_modules`);
    symlinkSync(path.join(root, "node_modules"), path.join(cwd, "node_modules"), "dir");
    return;
  }
  console.log(`==> RUN ${command}`);
  execFileSync("sh", ["-c", command], { cwd, stdio: "inherit", env: stageEnv(stage, hostPath) });
}

/** The stage's ENV over a plain environment; a value that is a path inside the image is mapped. */
function stageEnv(stage, hostPath) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  if (process.env.npm_config_cache) env.npm_config_cache = process.env.npm_config_cache;
  for (const [key, value] of Object.entries(stage.env)) {
    env[key] = value.startsWith("/") ? hostPath(value) : value;
  }
  return env;
}

/** Starts the last stage's CMD on a free port of the loopback; resolves once /api/health said ok. */
async function start(stage) {
  const hostPath = (target) => path.join(stage.rootfs, path.resolve(stage.workdir, target));
  const [program, ...args] = stage.cmd;
  console.log(`==> CMD ${stage.cmd.join(" ")} (PORT=0, HOST=127.0.0.1)`);
  const env = { ...stageEnv(stage, hostPath), PORT: "0", HOST: "127.0.0.1" };
  const child = spawn(program === "node" ? process.execPath : program, args, {
    cwd: hostPath("."),
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
      const found = /running at (http:\/\/[^\s"]+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`The server exited (${code}) before it served`)));
  });
  const health = await fetch(`${url}/api/health`).catch((error) => error);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const code = await exited;
  if (!(health instanceof Response) || !health.ok) {
    throw new Error(`/api/health answered ${health.status ?? health.message}`);
  }
  console.log(`==> ${url}/api/health answered ${health.status}`);
  if (code !== 0) throw new Error(`The server exited with ${code} after SIGTERM`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const began = Date.now();
  const workDir = mkdtempSync(path.join(tmpdir(), "coj-dockerfile-"));
  try {
    const instructions = parseDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
    const last = runSteps(instructions, workDir);
    if (!last?.cmd) throw new Error("Dockerfile: the last stage has no CMD");
    // The image starts on its own data folder and builds nothing at start.
    await start(last);
    console.log(`==> the Dockerfile's steps ran in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

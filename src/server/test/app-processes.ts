import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile } from "../../../scripts/build-server.mjs";
import { repoRoot } from "../repo-root";

const source = "src/server/test/app-process.ts";
const output = "dist/test/app-process.js";

/**
 * Compiles the app-process entry once per run (the unit suite's global set-up): a child then starts
 * in plain Node in a fraction of the time tsx takes to compile the server on every start
 * (docs/performance.md, "The test suite").
 */
export const compileAppProcess = () => compile([{ source, output }]);

export interface AppProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it wrote on stderr (its log), for failure messages. */
  log(): string;
  /** SIGKILL: the crash. Resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
}

/**
 * V8's lower tiers only: WebAssembly (PGlite) by its baseline compiler, JavaScript up to Maglev. A
 * test's app process lives seconds, too short to repay the optimising compiles; the same code runs,
 * with about a tenth less CPU for the files that start them (docs/performance.md, "The jobs' polls,
 * the workers' V8 flags and the app processes' tiers").
 */
const CHILD_V8_FLAGS = ["--liftoff-only", "--max-opt=2"];

/** Starts the real server as a child process (`app-process.ts`, compiled) on port 0 with the given environment. */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "coj-proc-"));
  const child = spawn(process.execPath, [...CHILD_V8_FLAGS, path.join(repoRoot, output)], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      // A test's SIGTERM stops at once unless the test is about the grace period.
      SHUTDOWN_GRACE_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    child.stdout?.on("data", (chunk) => {
      stdout += chunk;
      const found = /listening (\S+)/.exec(stdout);
      if (found) resolve(found[1]);
    });
    child.once("exit", (code) => reject(new Error(`App process exited (${code}): ${stderr}`)));
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url,
    pid: child.pid ?? 0,
    child,
    log: () => stderr,
    kill: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
  };
}

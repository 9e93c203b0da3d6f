/**
 * `npm start` as a real child process: `node scripts/start.mjs` in a project folder, PORT=0, its
 * output collected. Resolves once it prints the address it serves; rejects if it exits before.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export interface StartedApp {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output, now or once it is printed. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
}

export function npmStart(projectDir: string, env: NodeJS.ProcessEnv): Promise<StartedApp> {
  const child = spawn(process.execPath, [path.join(projectDir, "scripts", "start.mjs")], {
    cwd: projectDir,
    // A SIGTERM stops at once: these tests are about starting, not the grace period.
    env: { SHUTDOWN_GRACE_SECONDS: "0", ...env, NODE_OPTIONS: "", PORT: "0" },
  });
  let output = "";
  const watchers = new Set<() => void>();
  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const found = pattern.exec(output);
        if (!found) return;
        watchers.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`No output matching ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      watchers.add(check);
      check();
    });
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of [...watchers]) watcher();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    waitForOutput(/running at (http:\/\/[^\s"]+)/, 600_000).then(
      (found) => resolve({ child, url: found[1], output: () => output, waitForOutput }),
      reject,
    );
  });
}

/** SIGTERM, then the exit code (0 after a clean stop). */
export async function stopApp(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

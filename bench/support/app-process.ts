import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "../../src/server/repo-root";

/** The built app (`npm start`'s script, compiled server) as a child process on a free port. */
export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the first match of `pattern` in the output (its kept tail). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  stop(): Promise<void>;
}

/**
 * Starts the app with its standard output and error going to a file, as a deployed app's log
 * does: read through a pipe, the benchmark process (which is also the load generator) would pay
 * for reading every access-log line and the app for waking it (docs/performance.md, "Hot API
 * path"). `waitFor` reads the file's new lines while something waits.
 */
export async function startApp(
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
  /** How long the start may take (seeding a large sample company takes minutes). */
  startTimeoutMs = 120_000,
): Promise<AppProcess> {
  const logDir = mkdtempSync(path.join(tmpdir(), "coj-app-log-"));
  const logFile = path.join(logDir, "app.log");
  const logFd = openSync(logFile, "a");
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(repoRoot, "scripts", "start.mjs")],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_OPTIONS: "", NODE_ENV: "production", PORT: "0", ...env },
      stdio: ["ignore", logFd, logFd],
    },
  );
  closeSync(logFd);
  const log = appLogReader(logFile);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const waitFor = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const check = () => {
        const output = log.read();
        const found = pattern.exec(output);
        if (found) return resolve(found);
        if (child.exitCode !== null || child.signalCode !== null) {
          return reject(new Error(`the app exited:\n${output.slice(-2000)}`));
        }
        if (Date.now() > deadline) {
          return reject(new Error(`timed out waiting for ${pattern}:\n${output.slice(-2000)}`));
        }
        setTimeout(check, 20);
      };
      check();
    });

  // The line may be a JSON log entry: the address ends before its closing quote.
  const [, url] = await waitFor(/running at (http:\/\/[^\s"]+)/, startTimeoutMs);
  return {
    url,
    child,
    waitFor,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

/** The tail of a growing log file, read from where the last read stopped. */
function appLogReader(file: string) {
  let offset = 0;
  let output = "";
  return {
    read(): string {
      const size = statSync(file).size;
      if (size > offset) {
        const chunk = Buffer.alloc(size - offset);
        const fd = openSync(file, "r");
        try {
          readSync(fd, chunk, 0, chunk.length, offset);
        } finally {
          closeSync(fd);
        }
        offset = size;
        output += chunk.toString();
        // Request logs arrive by the thousand under load: keep only the tail.
        if (output.length > 200_000) output = output.slice(-100_000);
      }
      return output;
    },
  };
}

const cookieOf = (response: Response) => {
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie;
};

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs in with the admin password; returns the session cookie. */
export async function signInAdmin(app: AppProcess, email: string, password: string) {
  return cookieOf(await post(`${app.url}/api/signin`, { email, password }));
}

/** Signs an employee in with the 6-digit code the outbox prints; returns the session cookie. */
export async function signInEmployee(app: AppProcess, email: string) {
  await post(`${app.url}/api/auth/send-code`, { email });
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const [, code] = await app.waitFor(
    new RegExp(`\\[outbox\\] to ${escaped}:[^\\n]*\\n\\s*code: (\\d{6})`),
  );
  return cookieOf(await post(`${app.url}/api/auth/verify-code`, { email, code }));
}

export async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export { post };

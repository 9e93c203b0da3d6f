import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./repo-root";

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-compiled-"));
const serverBuild = path.join(repoRoot, "dist", "server", "main.js");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s script as its own process and resolves with the URL it prints. */
function start(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [path.join(repoRoot, "scripts", "start.mjs")], {
    cwd: repoRoot,
    env: { ...process.env, NODE_OPTIONS: "", NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir },
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found) resolve({ child, url: found[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

describe("npm start", () => {
  it("compiles the server once when its build is missing, then runs it without a TypeScript loader", async () => {
    rmSync(path.dirname(serverBuild), { recursive: true, force: true });
    const first = await start();
    expect(first.output()).toContain("Compiling the server");
    expect(existsSync(serverBuild)).toBe(true);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const loaded = await fetch(`${first.url}/api/auth/user`);
    expect(loaded.status).toBe(401);
    expect(await stop(first.child)).toBe(0);

    // Restart on the same data directory: the build is current, so it is run as it is.
    const second = await start();
    expect(second.output()).not.toContain("Compiling the server");
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  }, 120_000);
});

import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { logDestination } from "./log-destination";
import { repoRoot } from "./repo-root";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function logFile() {
  dir = mkdtempSync(path.join(tmpdir(), "coj-log-"));
  return path.join(dir, "server.log");
}

describe("the server log's destination", () => {
  it("writes lines together in one write, and a lone batch soon after without more lines", async () => {
    const file = logFile();
    const stream = logDestination(file);
    await once(stream, "ready");
    const writes: number[] = [];
    stream.on("write", (bytes: number) => writes.push(bytes));
    const log = pino({}, stream);
    log.info("first");
    log.info("second");
    expect(readFileSync(file, "utf8")).toBe("");
    await expect
      .poll(() => readFileSync(file, "utf8"), { timeout: 5_000 })
      .toMatch(/"first"[\s\S]*"second"/);
    expect(writes.filter((bytes) => bytes > 0)).toHaveLength(1);
    stream.end();
  });

  it("writes what is gathered when the process ends on an uncaught error", () => {
    const file = logFile();
    const script = `import pino from "pino";
      import { logDestination } from "./src/server/log-destination.ts";
      const log = pino({}, logDestination(${JSON.stringify(file)}));
      log.info("before the crash");
      setTimeout(() => { throw new Error("crash"); }, 10);`;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: repoRoot, encoding: "utf8" },
    );
    expect(child.status).toBe(1);
    expect(readFileSync(file, "utf8")).toContain('"msg":"before the crash"');
  });
});

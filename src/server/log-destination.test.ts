import { spawn } from "node:child_process";
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

/** A destination on a new file, ready, with the bytes of each of its writes and a logger on it. */
async function openLog() {
  const file = logFile();
  const stream = logDestination(file);
  await once(stream.file, "ready");
  const writes: number[] = [];
  stream.file.on("write", (bytes: number) => writes.push(bytes));
  return { file, stream, writes, log: pino({}, stream) };
}

describe("the server log's destination", () => {
  it("writes lines together in one write, and a lone batch soon after without more lines", async () => {
    const { file, stream, writes, log } = await openLog();
    log.info("first");
    log.info("second");
    expect(readFileSync(file, "utf8")).toBe("");
    // The file shows the lines a moment before sonic-boom's `write` event reports them: wait on
    // the event, then read.
    await expect.poll(() => writes.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(readFileSync(file, "utf8")).toMatch(/"first"[\s\S]*"second"/);
    expect(writes.filter((bytes) => bytes > 0)).toHaveLength(1);
    stream.end();
  });

  it("hands a full batch over at once, and keeps every line in its order", async () => {
    const { file, stream, writes, log } = await openLog();
    const count = 300; // about 33,000 characters: two full batches and a part
    for (let n = 0; n < count; n++) log.info({ n }, "a line of the access log's size");
    await expect.poll(() => writes.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => readFileSync(file, "utf8").split("\n").filter(Boolean).length, {
        timeout: 15_000,
      })
      .toBe(count);
    const numbers = readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line).n);
    expect(numbers).toEqual([...Array(count).keys()]);
    // Full batches, then what was left when the timer came.
    const written = writes.filter((bytes) => bytes > 0);
    expect(written.length).toBeGreaterThan(1);
    for (const bytes of written.slice(0, -1)) expect(bytes).toBeGreaterThanOrEqual(16_000);
    stream.end();
  });

  it("writes what is gathered when pino's flush asks, and calls back once it is written", async () => {
    const { file, stream, log } = await openLog();
    log.info("flushed");
    await new Promise<void>((resolve, reject) =>
      log.flush((error) => (error ? reject(error) : resolve())),
    );
    expect(readFileSync(file, "utf8")).toContain('"msg":"flushed"');
    stream.end();
  });

  it("writes what is gathered when the process ends on an uncaught error", async () => {
    const file = logFile();
    // The error is thrown in the tick that logged the line, so the line is still gathered (not
    // yet handed over by the timer) however slowly the child runs.
    const script = `import pino from "pino";
      import { logDestination } from "./src/server/log-destination.ts";
      const log = pino({}, logDestination(${JSON.stringify(file)}));
      log.info("before the crash");
      throw new Error("crash");`;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: repoRoot,
        stdio: "ignore",
      },
    );
    const [status] = await once(child, "exit");
    expect(status).toBe(1);
    expect(readFileSync(file, "utf8")).toContain('"msg":"before the crash"');
    // Starting Node with tsx takes seconds on a busy two-core machine.
  }, 60_000);
});

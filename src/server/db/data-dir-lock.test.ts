import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../test/app-processes";
import { copyMigratedDataDir } from "../test/migrated-snapshot";
import { lockDataDir } from "./data-dir-lock";

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-lock-"));
copyMigratedDataDir(path.join(dataDir, "db"));
const started: AppProcess[] = [];
afterAll(async () => {
  for (const app of started) await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  started.push(app);
  return app;
};

describe("one embedded data folder, one process", () => {
  it("refuses a second process with one line naming DATA_DIR, and starts after the first was killed", async () => {
    const first = await start();
    const refused = await start().then(
      () => "",
      (error: Error) => error.message,
    );
    const line = refused.replace(/^App process exited \(1\): /, "").trim();
    expect(line).toMatch(
      new RegExp(
        `^DATA_DIR ${dataDir} is in use by another Cup of Joe process \\(process ${first.pid} `,
      ),
    );
    expect(line).not.toContain("\n");

    // SIGKILL leaves the lock behind; its process is gone, so the next start takes it over.
    await first.kill();
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(true);
    const again = await start();
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    await again.stop();
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  }, 180_000);

  it("takes over a lock from another host that nobody has touched for a while", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "coj-lock-host-"));
    try {
      const dbDir = path.join(folder, "db");
      mkdirSync(dbDir);
      const file = `${dbDir}.lock`;
      writeFileSync(file, JSON.stringify({ pid: 1, host: "another-host" }));
      const old = new Date(Date.now() - 60_000);
      utimesSync(file, old, old);
      const lock = await lockDataDir(dbDir);
      await expect(lockDataDir(dbDir)).rejects.toThrow(/^DATA_DIR .* is in use/);
      lock.release();
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

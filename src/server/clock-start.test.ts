import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { startServer } from "./start-server";
import { copyMigratedDataDir } from "./test/migrated-snapshot";

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-clock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const START = "2027-03-25T09:00:00Z";

describe("CLOCK_START moves a development app's clock for a walk (README.md, Development)", () => {
  it("starts the running app's clock at the instant given, and it runs on from there", async () => {
    const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, CLOCK_START: START });
    copyMigratedDataDir(config.dbDir);
    const lines: string[] = [];
    const server = await startServer(config, { log: (line) => lines.push(line) });
    try {
      const now = server.app.ctx.clock.now().getTime();
      const start = new Date(START).getTime();
      // The start took a moment of real time; the clock ran on from the instant given.
      expect(now).toBeGreaterThanOrEqual(start);
      expect(now - start).toBeLessThan(10 * 60_000);
      expect(lines).toContain(
        "The app's clock starts at 2027-03-25T09:00:00.000Z (CLOCK_START, development only).",
      );
    } finally {
      await server.close();
    }
  });

  it("is refused at start in production, and an instant it cannot read is named", () => {
    expect(() => loadConfig({ NODE_ENV: "production", CLOCK_START: START })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", CLOCK_START: START })).toThrow(
      "Invalid CLOCK_START: moves the app's clock for a walk in development only; unset it in production",
    );
    expect(() => loadConfig({ CLOCK_START: "next Tuesday" })).toThrow(
      "Invalid CLOCK_START: must be an instant such as 2027-03-25T09:00:00Z",
    );
    expect(loadConfig({ NODE_ENV: "production" }).CLOCK_START).toBeUndefined();
  });
});

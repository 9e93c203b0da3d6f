import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./repo-root";
import { copyMigratedDataDir } from "./test/migrated-snapshot";
import { npmStart, stopApp } from "./test/npm-start";

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-compiled-"));
// A migrated database to start with: this file is about compiling, first-start.test.ts about a
// first start's database.
copyMigratedDataDir(path.join(dataDir, "db"));
const serverBuild = path.join(repoRoot, "dist", "server", "main.js");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = () =>
  npmStart(repoRoot, { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir });

describe("npm start", () => {
  it("compiles the server once when its build is missing, then runs it without a TypeScript loader", async () => {
    rmSync(path.dirname(serverBuild), { recursive: true, force: true });
    const first = await start();
    expect(first.output()).toContain("Compiling the server");
    expect(existsSync(serverBuild)).toBe(true);
    // React Email's code block, and with it Prism, is left out of the build (scripts/build-server.mjs).
    expect(readFileSync(serverBuild, "utf8")).not.toContain("prismjs");
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    const loaded = await fetch(`${first.url}/api/auth/user`);
    expect(loaded.status).toBe(401);
    expect(await stopApp(first.child)).toBe(0);

    // Restart on the same data directory: the build is current, so it is run as it is.
    const second = await start();
    expect(second.output()).not.toContain("Compiling the server");
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect(await stopApp(second.child)).toBe(0);
  }, 120_000);
});

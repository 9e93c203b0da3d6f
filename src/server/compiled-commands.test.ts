import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build, buildIsStale, entryFile } from "../../scripts/build-server.mjs";
import { repoRoot } from "./repo-root";
import { copyMigratedDataDir } from "./test/migrated-snapshot";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "coj-commands-"));
// Migrated already: `db:migrate` still reads every migration from dist/cli's view of the project
// to find nothing left to apply, without initdb and the migrations each time.
copyMigratedDataDir(path.join(dataDir, "db"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run NAME -- args` without npm: plain Node, with no loader passed in NODE_OPTIONS. */
const launch = (name: string, args: string[] = [], input?: string) => {
  const child = run(process.execPath, ["scripts/run.mjs", name, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_OPTIONS: "", DATA_DIR: dataDir, DATABASE_URL: "" },
  });
  if (input !== undefined) child.child.stdin?.end(input);
  return child;
};

describe("the npm scripts that run app code", () => {
  beforeAll(async () => {
    if (buildIsStale("match")) await build(["match"]);
  });

  it("run the compiled commands through the plain Node launcher, never tsx", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(scripts.match).toBe("node scripts/run.mjs match");
    expect(scripts.admin).toBe("node scripts/run.mjs admin");
    expect(scripts["db:migrate"]).toBe("node scripts/run.mjs db:migrate");
    expect(scripts.start).toBe("node scripts/start.mjs");
  });

  it("pairs an instance with the compiled match command, Node running no TypeScript", async () => {
    const instance = {
      month: "2027-03",
      repeatWindowMonths: 3,
      seed: 7,
      oddPolicy: "sit-out",
      users: ["a", "b", "c", "d"].map((id) => ({ id, department: "x", preference: "any" })),
      history: [],
    };
    const { stdout, stderr } = await launch("match", [], JSON.stringify(instance));
    expect(stderr).toBe("");
    expect(JSON.parse(stdout)).toMatchObject({ seed: 7, stats: { placed: 4 } });
  });

  it("rebuilds a stale command before running it, and finds the migrations from dist/cli", async () => {
    const compiled = entryFile("db:migrate");
    if (buildIsStale("db:migrate")) await build(["db:migrate"]);
    const old = new Date("2000-01-01T00:00:00Z");
    utimesSync(compiled, old, old);
    expect(buildIsStale("db:migrate")).toBe(true);

    const first = await launch("db:migrate");
    expect(first.stderr).toContain("Compiling dist/cli/migrate.js");
    expect(first.stdout).toContain("Migrations applied (pglite)");
    expect(statSync(compiled).mtimeMs).toBeGreaterThan(old.getTime());
    expect(buildIsStale("db:migrate")).toBe(false);

    const second = await launch("db:migrate");
    expect(second.stderr).not.toContain("Compiling");
    expect(second.stdout).toContain("Migrations applied (pglite)");
  }, 120_000);

  it("names the commands it knows when given another", async () => {
    await expect(launch("server")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("match|admin|db:migrate"),
    });
  });
});

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { sessions } from "../db/schema";
import { repoRoot } from "../repo-root";
import { createAdmin, signIn } from "../test/factories";
import { copyMigratedDataDir } from "../test/migrated-snapshot";
import { createTestApp, type TestApp } from "../test/test-app";
import { ensureAdmin } from "./ensure-admin";

const run = promisify(execFile);
const PASSWORD = "correct-horse-battery";
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sessionsOf = async (db: TestApp["db"], userId: string) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("setting an admin password", () => {
  it("ends every session of the admin when the password changes", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    const adminSession = await signIn(t.db, admin);
    await signIn(t.db, admin, { kind: "employee" });
    const result = await ensureAdmin(t.db, admin.email, "a-brand-new-password");
    expect(result).toMatchObject({ created: false, passwordChanged: true });
    expect(await sessionsOf(t.db, admin.id)).toBe(0);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/domain-groups",
      headers: { cookie: adminSession },
    });
    expect(res.statusCode).toBe(401);
  });

  it("keeps the admin signed in when the same password is set again (ADMIN_PASSWORD at every start)", async () => {
    const admin = await createAdmin(t.db, { email: `admin${++n}@acme.test`, password: PASSWORD });
    await signIn(t.db, admin);
    const result = await ensureAdmin(t.db, admin.email, PASSWORD);
    expect(result).toMatchObject({ created: false, passwordChanged: false });
    expect(await sessionsOf(t.db, admin.id)).toBe(1);
  });

  it("ends the sessions when `npm run admin -- create` resets the password in another process", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "coj-admin-cli-"));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" };
      const email = "cli-admin@acme.test";
      copyMigratedDataDir(path.join(dataDir, "db"));
      const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      await database.migrate();
      const admin = await createAdmin(database.db, { email, password: PASSWORD });
      await signIn(database.db, admin);
      await database.close();

      // `npm run admin -- create EMAIL` without npm: the launcher runs the compiled command.
      const { stdout } = await run(
        process.execPath,
        ["scripts/run.mjs", "admin", "create", email],
        {
          cwd: repoRoot,
          env,
        },
      );
      expect(stdout).toContain(`Updated admin ${email}; its sessions were ended`);

      const reopened = await openDatabase({ dataDir: path.join(dataDir, "db") });
      expect(await sessionsOf(reopened.db, admin.id)).toBe(0);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

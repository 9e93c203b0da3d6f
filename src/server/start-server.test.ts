import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "./auth/password";
import { loadConfig } from "./config";
import { users } from "./db/schema";
import { startServer } from "./start-server";
import { copyMigratedDataDir } from "./test/migrated-snapshot";
import { createTestDatabase } from "./test/test-database";

const dataDir = mkdtempSync(path.join(tmpdir(), "coj-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** On CI's second pass the same story runs against the PostgreSQL server instead of PGlite. */
async function databaseUrlForRun() {
  if (!process.env.TEST_DATABASE_URL) return { url: undefined, close: async () => {} };
  const database = await createTestDatabase();
  return { url: database.url, close: () => database.close() };
}

describe("starting the app", () => {
  // Two starts and the demo company's seeding: a generous limit beside two other busy workers.
  it("keeps data across a restart and bootstraps the admin from the environment", async () => {
    const external = await databaseUrlForRun();
    const env = {
      PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: external.url,
      ADMIN_EMAIL: "Boss@Acme.test",
      ADMIN_PASSWORD: "correct horse battery",
      DEMO: "1",
    };
    // The data folder starts migrated: initdb and every migration at a first start are
    // first-start.test.ts's (the fresh clone's `npm start`).
    const config = loadConfig(env);
    if (!external.url) copyMigratedDataDir(config.dbDir);
    const first = await startServer(config, { log: () => {} });
    // PORT=0 without APP_URL: the links name the port the system picked.
    expect(first.port).toBeGreaterThan(0);
    expect(first.appUrl).toBe(`http://127.0.0.1:${first.port}`);
    expect(first.app.ctx.config.appOrigin).toBe(`http://127.0.0.1:${first.port}`);
    const sameSite = await fetch(`${first.url}/api/logout`, {
      method: "POST",
      headers: { origin: first.appUrl },
    });
    expect(sameSite.status).toBe(200);
    const otherPort = await fetch(`${first.url}/api/logout`, {
      method: "POST",
      headers: { origin: `http://127.0.0.1:${first.port === 5000 ? 5001 : 5000}` },
    });
    expect(otherPort.status).toBe(403);
    const page = await fetch(`${first.url}/api/auth/user`);
    expect(page.status).toBe(401);
    const missing = await fetch(`${first.url}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    const seeded = await first.app.ctx.db.select({ id: users.id }).from(users);
    expect(seeded.length).toBeGreaterThanOrEqual(100);
    await first.close();

    const second = await startServer(loadConfig({ ...env, ADMIN_PASSWORD: undefined }), {
      log: () => {},
    });
    const [admin] = await second.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, "boss@acme.test"));
    expect(admin.isAdmin).toBe(true);
    expect(await verifyPassword("correct horse battery", admin.passwordHash)).toBe(true);
    const again = await second.app.ctx.db.select({ id: users.id }).from(users);
    expect(again.length).toBe(seeded.length);
    await second.close();
    await external.close();
    if (!external.url) expect(readdirSync(path.join(dataDir, "db")).length).toBeGreaterThan(0);
  }, 120_000);
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startServer } from "../start-server";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";

// DATABASE_POOL_SIZE caps the connections one app process opens to a PostgreSQL server.
let postgres: PostgresServer;
const dataDir = mkdtempSync(path.join(tmpdir(), "coj-pool-"));
beforeAll(async () => {
  postgres = await startPostgresServer({ migrated: true });
}, 60_000);
afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The distinct backends that answer 8 slow statements started at once in a server started with
 * DATABASE_POOL_SIZE=`poolSize`.
 */
async function backendsWithPool(poolSize: number): Promise<number> {
  const env = { PORT: "0", DATA_DIR: dataDir, DATABASE_URL: postgres.url };
  const server = await startServer(loadConfig({ ...env, DATABASE_POOL_SIZE: String(poolSize) }), {
    log: () => {},
  });
  try {
    const pids = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const result = await server.app.ctx.db.execute(
          sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
        );
        return (result as unknown as { rows: Array<{ pid: number }> }).rows[0].pid;
      }),
    );
    return new Set(pids).size;
  } finally {
    await server.close();
  }
}

describe("the database pool", () => {
  it("opens at most DATABASE_POOL_SIZE connections however many statements wait", async () => {
    expect(await backendsWithPool(2)).toBeLessThanOrEqual(2);
    const backends = await backendsWithPool(5);
    expect(backends).toBeGreaterThan(2);
    expect(backends).toBeLessThanOrEqual(5);
  }, 60_000);
});

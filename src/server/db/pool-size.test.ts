import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { type RunningServer, startServer } from "../start-server";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";

// DATABASE_POOL_SIZE caps the connections one app process opens to a PostgreSQL server.
let postgres: PostgresServer;
const dataDir = mkdtempSync(path.join(tmpdir(), "coj-pool-"));
beforeAll(async () => {
  postgres = await startPostgresServer();
}, 60_000);
afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The distinct backends that answer `count` slow statements started at once. */
async function backendsFor(server: RunningServer, count: number): Promise<number> {
  const pids = await Promise.all(
    Array.from({ length: count }, async () => {
      const result = await server.app.ctx.db.execute(
        sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
      );
      return (result as unknown as { rows: Array<{ pid: number }> }).rows[0].pid;
    }),
  );
  return new Set(pids).size;
}

describe("the database pool", () => {
  it("opens at most DATABASE_POOL_SIZE connections however many statements wait", async () => {
    const env = { PORT: "0", DATA_DIR: dataDir, DATABASE_URL: postgres.url };
    const small = await startServer(loadConfig({ ...env, DATABASE_POOL_SIZE: "2" }), {
      log: () => {},
    });
    try {
      expect(await backendsFor(small, 8)).toBeLessThanOrEqual(2);
    } finally {
      await small.close();
    }
    const larger = await startServer(loadConfig({ ...env, DATABASE_POOL_SIZE: "5" }), {
      log: () => {},
    });
    try {
      const backends = await backendsFor(larger, 8);
      expect(backends).toBeGreaterThan(2);
      expect(backends).toBeLessThanOrEqual(5);
    } finally {
      await larger.close();
    }
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { allowEmail } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { createTestApp, type TestApp } from "../test/test-app";
import { ipLimits } from "./auth-settings";
import { nextIp, post } from "./test-helpers";

let server: PostgresServer;
let database: Database;
let apps: TestApp[];

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url, poolSize: 4 });
  await database.migrate();
  // Two app processes behind one load balancer, sharing one PostgreSQL database.
  apps = [await createTestApp({ database }), await createTestApp({ database })];
  await allowEmail(database.db, "*@shared.test");
}, 120_000);
afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await database?.close();
  await server?.close();
});

describe("per-IP sign-in limits with several processes on PostgreSQL", () => {
  it("gives one IP the same budget in total, not one per process", async () => {
    const ip = nextIp();
    const { max } = ipLimits.sendPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const app = apps[i % 2];
      const res = await post(app, "/api/auth/send-code", { email: `x${i}@elsewhere.test` }, { ip });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 403)).toBe(true);
    expect(statuses[max]).toBe(429);
    for (const app of apps) {
      const res = await post(app, "/api/auth/send-code", { email: "a@elsewhere.test" }, { ip });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Another address is not affected, and each route keeps its own budget.
    const other = await post(apps[1], "/api/auth/send-code", { email: "b@elsewhere.test" });
    expect(other.statusCode).toBe(403);
    const verify = await post(
      apps[0],
      "/api/auth/verify-code",
      { email: "a@shared.test", code: "123456" },
      { ip },
    );
    expect(verify.statusCode).toBe(400);
  }, 120_000);

  it("counts parallel requests from both processes exactly", async () => {
    const ip = nextIp();
    const { max } = ipLimits.verifyPerIp;
    const results = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        post(
          apps[i % 2],
          "/api/auth/verify-code",
          // An address apiece: the per-address limit on checks is not what this counts.
          { email: `p${i}@elsewhere.test`, code: "000000" },
          {
            ip,
          },
        ),
      ),
    );
    const limited = results.filter((res) => res.statusCode === 429).length;
    expect(limited).toBe(10);
  }, 120_000);
});

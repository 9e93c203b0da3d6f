import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { settings } from "../db/schema";
import { allowEmail, createUser } from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { createTestApp, type TestApp } from "../test/test-app";
import { ipLimits } from "./auth-settings";
import { latestToken, post } from "./test-helpers";

const clock = fixedClock("2027-03-01T10:00:00Z");
let server: PostgresServer;
let database: Database;
let apps: TestApp[];
let n = 0;
const fresh = () => `person${++n}@abuse.test`;
const routes = ["/api/auth/send-code", "/api/auth/magic-link"] as const;

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url, poolSize: 4 });
  await database.migrate();
  // Two app processes behind one load balancer, sharing one PostgreSQL database.
  apps = [await createTestApp({ clock, database }), await createTestApp({ clock, database })];
  await allowEmail(database.db, "*@abuse.test");
}, 120_000);
afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  await database?.close();
  await server?.close();
});

describe("sign-in mail that cannot be turned against a colleague", () => {
  it("never cancels the owner's live link when a stranger asks for another", async () => {
    const email = fresh();
    await post(apps[0], "/api/auth/magic-link", { email });
    const owners = await latestToken(apps[0], email);
    for (let i = 0; i < 3; i++) {
      clock.advance(61_000);
      expect((await post(apps[i % 2], "/api/auth/magic-link", { email })).statusCode).toBe(200);
    }
    const signedIn = await post(apps[1], "/api/auth/magic-link/verify", { token: owners });
    expect(signedIn.statusCode).toBe(200);
    const stranger = await latestToken(apps[0], email);
    expect(
      (await post(apps[0], "/api/auth/magic-link/verify", { token: stranger })).statusCode,
    ).toBe(400);
  });

  it("sends at most 10 sign-in e-mails per address per day to one requester, whichever process asks, and says when to try again", async () => {
    const email = fresh();
    const ip = "10.77.0.1";
    for (let i = 0; i < 10; i++) {
      clock.advance(61_000);
      const sent = await post(apps[i % 2], routes[i % 2], { email }, { ip });
      expect(sent.statusCode).toBe(200);
    }
    clock.advance(61_000);
    for (const [i, route] of routes.entries()) {
      const refused = await post(apps[i], route, { email }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "daily_limit", success: false });
      const wait = refused.json().retryAfterSeconds;
      expect(wait).toBe(24 * 3600 - 10 * 61);
      expect(refused.json().message).toContain("Please try again in 24 hours");
      expect(Number(refused.headers["retry-after"])).toBe(wait);
    }
    clock.advance((24 * 3600 - 10 * 61) * 1000);
    expect((await post(apps[1], "/api/auth/send-code", { email }, { ip })).statusCode).toBe(200);
  });

  it("bounds mails to never-signed-in addresses per minute across processes, never slowing people who signed in before", async () => {
    await database.db
      .insert(settings)
      .values({ key: "auth", value: { newAddressMailsPerMinute: 4 } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { newAddressMailsPerMinute: 4 } },
      });
    try {
      clock.advance(60_000);
      const regular = await createUser(database.db, { email: fresh(), isEmailVerified: true });
      const flood = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(apps[i % 2], routes[i % 2], { email: fresh() })),
      );
      const statuses = flood.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
      const busy = flood.find((answer) => answer.statusCode === 429);
      expect(busy?.json()).toMatchObject({ code: "busy", success: false });
      expect(busy?.json().message).toMatch(/Please try again in \d+ seconds/);

      for (const [i, route] of routes.entries()) {
        const known = await post(apps[i], route, { email: regular.email });
        expect(known.statusCode).toBe(200);
      }
      clock.advance(60_000);
      expect((await post(apps[0], "/api/auth/send-code", { email: fresh() })).statusCode).toBe(200);
    } finally {
      await database.db.delete(settings);
    }
  });

  it("counts every address of one IPv6 /64 against one per-IP budget", async () => {
    const { max } = ipLimits.sendPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const ip = `2001:db8:42:7:${(i + 1).toString(16)}::1`;
      const answer = await post(
        apps[i % 2],
        "/api/auth/send-code",
        { email: `x${i}@else.test` },
        { ip },
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, max).every((status) => status === 403)).toBe(true);
    expect(statuses[max]).toBe(429);
    const neighbour = await post(
      apps[0],
      "/api/auth/send-code",
      { email: "x@else.test" },
      { ip: "2001:db8:42:8::1" },
    );
    expect(neighbour.statusCode).toBe(403);
  });
});

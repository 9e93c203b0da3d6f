import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { allowEmail, signIn } from "../test/factories";
import {
  loginAtProvider,
  startTestOpenIdProvider,
  type TestOpenIdProvider,
} from "../test/oidc-provider";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

/*
 * Two app instances, each with its own connection pool, on one PostgreSQL server (TEST_DATABASE_URL's,
 * else a throwaway cluster): provisioning and sign-in started on one and finished on the other.
 */
const TOKEN = "scim-token-0123456789-0123456789-abcdef";
let server: PostgresServer;
let database: Database;
let provider: TestOpenIdProvider;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
  database = await openDatabase({ databaseUrl: server.url });
  await database.migrate();
  provider = await startTestOpenIdProvider(`${TEST_APP_URL}/api/auth/oidc/callback`);
  const env = {
    SCIM_TOKEN: TOKEN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
  one = await createTestApp({ database, env });
  two = await createTestApp({ database: await openDatabase({ databaseUrl: server.url }), env });
});
afterAll(async () => {
  await two?.close();
  await two?.database.close();
  await one?.close();
  await database?.close();
  await server?.close();
  await provider?.stop();
});

const scim = (app: TestApp, method: "GET" | "POST" | "PATCH", url: string, body?: unknown) =>
  app.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json" },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const person = (userName: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  emails: [{ primary: true, value: userName, type: "work" }],
  name: { givenName: "Two", familyName: "Processes" },
  active: true,
});

describe("two processes on one PostgreSQL server", () => {
  it("create the same person once: one 201, one 409, and both list the same", async () => {
    const [a, b] = await Promise.all([
      scim(one, "POST", "/Users", person("same@two.test")),
      scim(two, "POST", "/Users", person("same@two.test")),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const filter = `?filter=${encodeURIComponent('userName eq "same@two.test"')}`;
    const [listOne, listTwo] = await Promise.all([
      scim(one, "GET", `/Users${filter}`),
      scim(two, "GET", `/Users${filter}`),
    ]);
    expect(listOne.json().totalResults).toBe(1);
    expect(listTwo.json().Resources).toEqual(listOne.json().Resources);
  });

  it("a deactivation through one ends the person's session on the other", async () => {
    const created = (await scim(one, "POST", "/Users", person("leaver@two.test"))).json();
    const cookie = await signIn(one.db, { id: created.id });
    expect((await two.as(cookie).get("/api/auth/user")).statusCode).toBe(200);
    const off = await scim(one, "PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(off.json().active).toBe(false);
    expect((await two.as(cookie).get("/api/auth/user")).statusCode).toBe(401);
    expect((await scim(two, "GET", `/Users/${created.id}`)).json().active).toBe(false);
  });

  it("a sign-in started on one finishes on the other, and only once", async () => {
    provider.accounts.set("sso-two", {
      sub: "sso-two",
      email: "sso@two.test",
      email_verified: true,
    });
    await allowEmail(one.db, "sso@two.test");
    const start = await one.get("/api/auth/oidc/start");
    const login = start.cookies.find((c) => c.name === "oidc_login");
    const cookie = `oidc_login=${login?.value}`;
    const back = await loginAtProvider(start.headers.location as string, "sso-two");
    const path = `${back.pathname}${back.search}`;
    const done = await two.get(path, { headers: { cookie } });
    expect(done.headers.location).toBe("/auth-success");
    const replay = await one.get(path, { headers: { cookie } });
    expect(replay.headers.location).toBe("/auth?sso_error=expired");
  });
});

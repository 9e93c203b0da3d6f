import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_PREFIX } from "../../shared/api-tokens";
import { apiTokenEndpoints as endpoints } from "../../shared/endpoints/api-tokens";
import { fixedClock } from "../clock";
import { createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { API_TOKEN_REQUESTS_PER_MINUTE } from "./token-request";

/** API tokens of the admin API (docs/api.md, "API tokens"). */
const clock = fixedClock("2027-03-01T09:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t.db, {
    email: "ann@tokens.test",
    firstName: "Ann",
    lastName: "Admin",
  });
});
afterAll(() => t.close());

async function createToken(name: string, scope: "read" | "admin", expiresInDays = 30) {
  const res = await t.as(admin).post(endpoints.create.path, { name, scope, expiresInDays });
  expect(res.statusCode).toBe(201);
  return res.json() as { token: { id: number; name: string; start: string }; secret: string };
}
const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });
const activity = async () =>
  (
    (await t.as(admin).get("/api/admin/activity?limit=50")).json() as {
      items: Array<{ kind: string; detail: string }>;
    }
  ).items;

describe("creating, listing and revoking tokens", () => {
  it("shows the secret once, keeps only its hash, lists and revokes", async () => {
    const created = await createToken("HR export", "read");
    expect(created.secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.secret.startsWith(created.token.start)).toBe(true);
    expect(created.token).toMatchObject({
      name: "HR export",
      scope: "read",
      createdBy: "Ann Admin",
      expiresAt: "2027-03-31T09:00:00.000Z",
      expired: false,
      revokedAt: null,
    });
    const stored = await t.ctx.db.query.apiTokens.findFirst();
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    const listed = (await t.as(admin).get(endpoints.list.path)).json();
    expect(listed.find((x: { id: number }) => x.id === created.token.id)).toEqual(created.token);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    expect((await t.get("/api/admin/users", bearer(created.secret))).statusCode).toBe(200);
    const revoked = await t.as(admin).delete(`/api/admin/api-tokens/${created.token.id}`);
    expect(revoked.json().revokedAt).toBe(clock.now().toISOString());
    const refused = await t.get("/api/admin/users", bearer(created.secret));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revoked/);
    const lines = (await activity()).map((item) => item.detail);
    expect(lines).toContain(
      "Ann Admin created API token 'HR export' (read-only, until Wed, Mar 31, 2027).",
    );
    expect(lines).toContain("Ann Admin revoked API token 'HR export'.");
  });

  it("is an admin's: a person's session and a token are refused", async () => {
    const person = await createUser(t.db, { email: "pat@tokens.test" });
    const asPerson = await t
      .as(person)
      .post(endpoints.create.path, { name: "x", scope: "admin", expiresInDays: 1 });
    expect(asPerson.statusCode).toBe(403);
    const { secret } = await createToken("Admin script", "admin");
    const byToken = await t.post(
      endpoints.create.path,
      { name: "y", scope: "admin", expiresInDays: 1 },
      bearer(secret),
    );
    expect(byToken.statusCode).toBe(201);
    const tooLong = await t
      .as(admin)
      .post(endpoints.create.path, { name: "z", scope: "read", expiresInDays: 400 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 365 days/);
  });
});

describe("a request with a token", () => {
  it("acts with the token's scope: a read-only token reads and is refused changes", async () => {
    const read = await createToken("BI dashboard", "read");
    const users = await t.get("/api/admin/users", bearer(read.secret));
    expect(users.statusCode).toBe(200);
    expect((await t.get("/api/admin/stats", bearer(read.secret))).statusCode).toBe(200);
    const change = await t.post(
      endpoints.create.path,
      { name: "n", scope: "read", expiresInDays: 1 },
      bearer(read.secret),
    );
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ code: "read_only_token" });
    // Admin routes only: a person's own routes do not take a token.
    expect((await t.get("/api/matches/current", bearer(read.secret))).statusCode).toBe(401);
    expect((await t.get("/api/admin/users", bearer(`${API_TOKEN_PREFIX}unknown`))).statusCode).toBe(
      401,
    );
    const lines = (await activity()).map((item) => item.detail);
    expect(lines).toContain("API token 'BI dashboard' (read-only) read GET /api/admin/users.");
  });

  it("notes an admin token's change in the activity list", async () => {
    const { secret } = await createToken("Provisioner", "admin");
    const made = await t.post(
      endpoints.create.path,
      { name: "Child", scope: "read", expiresInDays: 1 },
      bearer(secret),
    );
    expect(made.statusCode).toBe(201);
    await expect
      .poll(async () => (await activity()).map((item) => item.detail), { timeout: 10_000 })
      .toContain("API token 'Provisioner' (admin) sent POST /api/admin/api-tokens: answered 201.");
  });

  it("stops at its expiry, and is listed as expired from then by the server's clock", async () => {
    const { secret, token } = await createToken("Short", "read", 1);
    expect((await t.get("/api/admin/users", bearer(secret))).statusCode).toBe(200);
    const listed = async () =>
      (
        (await t.as(admin).get(endpoints.list.path)).json() as Array<{
          id: number;
          expired: boolean;
        }>
      ).find((x) => x.id === token.id)?.expired;
    expect(await listed()).toBe(false);
    clock.advance(DAY);
    expect((await t.get("/api/admin/users", bearer(secret))).statusCode).toBe(401);
    expect(await listed()).toBe(true);
  });

  it(`is limited to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute per token`, async () => {
    const { secret } = await createToken("Busy", "read");
    const statuses: number[] = [];
    for (let i = 0; i <= API_TOKEN_REQUESTS_PER_MINUTE; i++) {
      statuses.push((await t.get(endpoints.list.path, bearer(secret))).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    // Another token has its own allowance.
    const other = await createToken("Calm", "read");
    expect((await t.get(endpoints.list.path, bearer(other.secret))).statusCode).toBe(200);
  }, 120_000);
});

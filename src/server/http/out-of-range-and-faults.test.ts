import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ERROR_MESSAGE } from "../server-error";
import { createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";

let t: TestApp;
let admin: Requests;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

describe("a cursor or id past what any row can have", () => {
  it.each([
    ["/api/admin/activity?before=99999999999", "before"],
    ["/api/admin/activity?before=2147483648", "before"],
    ["/api/admin/activity?before=abc", "before"],
    ["/api/admin/activity?before=0", "before"],
    ["/api/admin/activity?limit=1000", "limit"],
    ["/api/admin/activity?limit=two", "limit"],
  ])("GET %s answers 400 naming %s", async (url, field) => {
    const res = await admin.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field}`));
  });

  it("accepts the largest id as a cursor", async () => {
    const res = await admin.get("/api/admin/activity?before=2147483647");
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ["put", "/api/admin/rounds/settings/9999999999"],
    ["get", "/api/admin/rounds/2147483648/2027-03/draft"],
    ["post", "/api/admin/rounds/9999999999/2027-03/regenerate"],
  ] as const)("%s %s (a group id past any row) answers 400", async (method, url) => {
    const body = { schedule: null, reviewDays: 3, checkInDays: 7, auto: true };
    const res = method === "get" ? await admin.get(url) : await admin[method](url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Unknown scope.");
  });
});

describe("a fault while a CSV download is made", () => {
  it("answers the app's generic JSON body, not the framework's", async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const pairing = await createPairing(t.db, { status: "active", scopeKey: "all" });
    await createMatch(t.db, { members: [a, b], pairing });
    // A real fault inside the streamed rows: the members' table is gone.
    await t.db.execute(sql`alter table match_members rename to match_members_gone`);
    try {
      const res = await admin.get("/api/admin/current-pairings/csv");
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.headers["content-disposition"]).toBeUndefined();
      const body = res.json();
      expect(body.code).toBe("server_error");
      expect(body.message).toMatch(new RegExp(`^${SERVER_ERROR_MESSAGE.replace(/\./g, "\\.")}`));
      expect(res.body).not.toMatch(/match_members|FST_ERR|Internal Server Error/);
    } finally {
      await t.db.execute(sql`alter table match_members_gone rename to match_members`);
    }
  });

  it("answers the generic body for the send log's CSV too", async () => {
    await t.db.execute(sql`alter table email_logs rename to email_logs_gone`);
    try {
      const res = await admin.get("/api/admin/email-logs/3/2027/csv");
      expect(res.statusCode).toBe(500);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json().code).toBe("server_error");
      expect(res.body).not.toMatch(/email_logs/);
    } finally {
      await t.db.execute(sql`alter table email_logs_gone rename to email_logs`);
    }
  });
});

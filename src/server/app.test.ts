import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser, signIn } from "./test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("app foundation", () => {
  it("answers unknown API paths with 404 JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such endpoint/);
  });

  it("reports healthy once the database and mail transport are ready", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("sends helmet's security headers on pages", async () => {
    const res = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sends API answers headers that let nothing in them run, be framed or be cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses state-changing requests from another origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Cross-site/);
  });

  it("refuses state-changing requests marked cross-site by the browser", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { origin: TEST_APP_URL, "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("writes one access-log line per request, not Fastify's two", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logged = await createTestApp({
      logger: {
        level: "info",
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
    try {
      await logged.get("/api/health");
      expect(lines.map((line) => line.msg)).toEqual(["request"]);
      expect(lines[0]).toMatchObject({ method: "GET", url: "/api/health", status: 200 });
    } finally {
      await logged.close();
    }
  });

  it("guards admin paths before anything else: 401 signed out, 403 for employees", async () => {
    const employee = await createUser(t.db);
    const admin = await createAdmin(t.db);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/users" });
    const asEmployee = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: await signIn(t.db, employee) },
    });
    const asAdmin = await t.app.inject({
      method: "GET",
      url: "/api/admin/users",
      headers: { cookie: await signIn(t.db, admin) },
    });
    expect([anonymous.statusCode, asEmployee.statusCode]).toEqual([401, 403]);
    expect(asAdmin.statusCode).not.toBe(401);
    expect(asAdmin.statusCode).not.toBe(403);
  });
});

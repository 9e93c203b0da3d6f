import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";
import type { Requests } from "./test/test-client";

let t: TestApp;
let admin: Requests;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

const ID_PARAM = /:(id|[A-Za-z]+Id)\b/g;
/**
 * Users (admins too) are the one table keyed by a UUID; every other id is a PostgreSQL `integer`.
 * These routes name a user by that key.
 */
const userKeyed = ["/api/admin/users/", "/api/admin/admins/", "/api/profile/never-with/"];
const hasIdParam = (url: string) =>
  /:(id|[A-Za-z]+Id)\b/.test(url) && !userKeyed.some((prefix) => url.startsWith(prefix));

describe("ids in the address", () => {
  it("are refused with 400 naming the parameter on every route: a word, zero, or past integer", async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => hasIdParam(r.url) && r.method !== "HEAD" && r.method !== "OPTIONS",
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain("PUT /api/matches/:id/complete");
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const route of routes) {
      for (const bad of ["abc", "2147483648", "0"]) {
        const params = [...route.url.matchAll(ID_PARAM)].map((m) => m[1]);
        // Fill every id with a valid value except the first, which gets the bad one.
        let first = true;
        const url = route.url.replace(ID_PARAM, () => {
          const value = first ? bad : "1";
          first = false;
          return value;
        });
        const method = route.method.toLowerCase() as "get" | "post";
        const res = await admin[method](url.replace(/:[A-Za-z]+/g, "x"), {});
        const where = `${route.method} ${url}`;
        expect(res.statusCode, where).toBe(400);
        expect(res.json().message, where).toBe(
          `${params[0]}: Expected an id (a whole number from 1 to 2147483647)`,
        );
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { isAdminRoute } from "./guards";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: parameters and wildcards filled with harmless values. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, "1").replace(/\*/g, "x");
}

describe("admin routes are guarded on the server", () => {
  it("answers 401 signed out and 403 to an employee on every registered admin route", async () => {
    const routes = t.app.registeredRoutes.filter((r) => isAdminRoute(r.url));
    const whitelistRoutes = routes.filter(
      (r) => r.url.includes("allowed-emails") || r.url.includes("domain-groups"),
    );
    expect(whitelistRoutes.length).toBeGreaterThanOrEqual(7);
    const employee = await createUser(t.db);
    const cookie = await signIn(t.db, employee);
    for (const route of routes) {
      const method = route.method as "GET";
      const url = concrete(route.url);
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asEmployee = await t.app.inject({ method, url, headers: { cookie } });
      expect(asEmployee.statusCode, `${route.method} ${route.url} as employee`).toBe(403);
    }
  });

  it("covers paths under /api/admin and /completed_pairings that no route claims", async () => {
    for (const url of [
      "/api/admin/not-a-route",
      "/completed_pairings/anything.json",
      "/api/admin",
    ]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });
});

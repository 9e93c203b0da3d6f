import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedEmails, domainGroups, users } from "./db/schema";
import { allowEmail, createUser, signIn, signInAdmin } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.db, { email: "boss@clean.test" });
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);
const NUL = "a\u0000b";
const LONE_SURROGATE = "a\uD800b";

const routes = () =>
  t.app.registeredRoutes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
const fill = (url: string, value: string) =>
  url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, value).replace(/\*/g, value);

describe("clean refusals of text the database cannot store", () => {
  it("refuses a NUL byte or an unpaired surrogate in any JSON body with 400 and a message", async () => {
    const bodyRoutes = routes().filter((r) => WITH_BODY.has(r.method));
    expect(bodyRoutes.length).toBeGreaterThan(20);
    for (const route of bodyRoutes) {
      for (const bad of [NUL, LONE_SURROGATE]) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: fill(route.url, "1"),
          headers: { cookie: admin },
          payload: { firstName: bad, nested: { list: ["fine", bad] } },
        });
        const where = `${route.method} ${route.url}`;
        // A limit or the sign-in guard may answer first; nothing may get past to a 2xx or a 500.
        expect([400, 401, 403, 429], where).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json().message, where).toMatch(/cannot be stored/);
      }
    }
  });

  it("refuses them in path parameters and query strings", async () => {
    for (const route of routes().filter((r) => r.url.includes(":"))) {
      const res = await t.app.inject({
        method: route.method as Method,
        url: fill(route.url, "%00"),
        headers: { cookie: admin },
      });
      expect([400, 401, 403, 404, 429], `${route.method} ${route.url}`).toContain(res.statusCode);
    }
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/pairing-validation?domainGroupId=%00",
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
  });

  it("stores nothing from a name, group name or whitelist reason with a NUL byte", async () => {
    const user = await createUser(t.db, { email: "ada@clean.test", firstName: "Ada" });
    const cookie = await signIn(t.db, user);
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie },
      payload: { firstName: NUL, lastName: "L", department: "Other", matchingPreference: "any" },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ field: "firstName", code: "broken_text" });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe("Ada");

    const group = await t.app.inject({
      method: "POST",
      url: "/api/admin/domain-groups",
      headers: { cookie: admin },
      payload: { name: "nul", displayName: NUL },
    });
    expect(group.statusCode).toBe(400);
    expect(await t.db.select().from(domainGroups).where(eq(domainGroups.name, "nul"))).toEqual([]);

    const entry = await t.app.inject({
      method: "POST",
      url: "/api/admin/allowed-emails",
      headers: { cookie: admin },
      payload: { email: "x@nul.test", reason: LONE_SURROGATE },
    });
    expect(entry.statusCode).toBe(400);
    expect(
      await t.db.select().from(allowedEmails).where(eq(allowedEmails.email, "x@nul.test")),
    ).toEqual([]);
  });

  it("still takes emoji and other characters outside the basic plane", async () => {
    await allowEmail(t.db, "*@emoji.test");
    const user = await createUser(t.db, { email: "zoe@emoji.test" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: { cookie: await signIn(t.db, user) },
      payload: {
        firstName: "Zoë ☕",
        lastName: "𝒳 😀",
        department: "Other",
        matchingPreference: "any",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lastName).toBe("𝒳 😀");
  });
});

describe("bounded ids", () => {
  it("answers every route with a parameter without a 500 for ids beyond PostgreSQL integer", async () => {
    const failures: string[] = [];
    for (const route of routes().filter((r) => r.url.includes(":"))) {
      for (const value of ["2147483648", "99999999999999999999", "-1", "1.5"]) {
        const res = await t.app.inject({
          method: route.method as Method,
          url: fill(route.url, value),
          headers: { cookie: admin },
          payload: WITH_BODY.has(route.method) ? {} : undefined,
        });
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} with ${value}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

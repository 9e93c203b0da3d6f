import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { PATCH_SCHEMA, SEARCH_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/**
 * The requests of an independent SCIM checker, written from RFC 7644 (docs/provisioning.md,
 * "Conformance"): searches by POST at the root and at /Users (§3.4.3), PATCH of `timezone` with a
 * name that is not IANA's, and `remove` of `name`, `active` and `timezone` (§3.5.2.2), each read
 * back over HTTP as the checker does.
 */
const TOKEN = "scim-checker-token-0123456789-0123456789";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: fixedClock("2027-06-07T09:00:00Z"),
    env: { SCIM_TOKEN: TOKEN },
  });
  await allowEmail(t.db, "*@checker.test");
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/scim/v2`;
});
afterAll(() => t.close());

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      accept: "application/scim+json",
      ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function createUser(userName: string, extra: Record<string, unknown> = {}) {
  const created = await call("POST", "/Users", {
    schemas: [USER_SCHEMA],
    userName,
    name: { givenName: "Grace", familyName: "Hopper" },
    emails: [{ value: userName, type: "work", primary: true }],
    active: true,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body as Record<string, unknown> & { id: string };
}
const patch = (id: string, ...Operations: unknown[]) =>
  call("PATCH", `/Users/${id}`, { schemas: [PATCH_SCHEMA], Operations });

describe("searching by POST (RFC 7644 §3.4.3)", () => {
  it("answers a SearchRequest at /Users/.search and at the root /.search alike", async () => {
    const one = await createUser("search-one@checker.test");
    await createUser("search-two@checker.test");
    const request = {
      schemas: [SEARCH_SCHEMA],
      filter: 'userName sw "search-"',
      attributes: ["userName", "name.familyName"],
      startIndex: 1,
      count: 10,
    };
    for (const path of ["/Users/.search", "/.search"]) {
      const found = await call("POST", path, request);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({
        schemas: ["urn:ietf:params:scim:api:messages:2.0:ListResponse"],
        totalResults: 2,
        startIndex: 1,
        itemsPerPage: 2,
      });
      const first = found.body.Resources.find((r: { id: string }) => r.id === one.id);
      expect(first).toEqual({
        schemas: [USER_SCHEMA],
        id: one.id,
        userName: "search-one@checker.test",
        name: { familyName: "Hopper" },
      });
    }
    const bare = await call("POST", "/.search", { filter: 'userName sw "search-"' });
    expect(bare).toMatchObject({
      status: 400,
      body: { schemas: [ERROR_SCHEMA], scimType: "invalidSyntax" },
    });
    const wrongMethod = await call("GET", "/.search");
    expect(wrongMethod.status).toBe(405);
  });
});

describe("PATCH of timezone (RFC 7643 §4.1.1: an IANA name)", () => {
  it("takes an IANA name, refuses anything else with invalidValue, and removes it", async () => {
    const person = await createUser("zone@checker.test");
    const added = await patch(person.id, { op: "add", path: "timezone", value: "Europe/Lisbon" });
    expect(added).toMatchObject({ status: 200, body: { timezone: "Europe/Lisbon" } });
    for (const op of ["add", "replace"]) {
      const refused = await patch(person.id, { op, path: "timezone", value: "Mars/Olympus_Mons" });
      expect(refused).toMatchObject({
        status: 400,
        body: { schemas: [ERROR_SCHEMA], status: "400", scimType: "invalidValue" },
      });
      expect(refused.body.detail).toContain("Mars/Olympus_Mons");
      const valueObject = await patch(person.id, {
        op,
        value: { timezone: "Pacific Standard Time" },
      });
      expect(valueObject).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    }
    expect((await call("GET", `/Users/${person.id}`)).body.timezone).toBe("Europe/Lisbon");
    const replaced = await patch(person.id, {
      op: "replace",
      path: "timezone",
      value: "Asia/Tokyo",
    });
    expect(replaced.body.timezone).toBe("Asia/Tokyo");
    const removed = await patch(person.id, { op: "remove", path: "timezone" });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty("timezone");
    expect((await call("GET", `/Users/${person.id}`)).body).not.toHaveProperty("timezone");
  });

  it("refuses a User whose timezone is not an IANA name on POST and PUT", async () => {
    const refused = await call("POST", "/Users", {
      schemas: [USER_SCHEMA],
      userName: "badzone@checker.test",
      timezone: "GMT+2 (Berlin)",
    });
    expect(refused).toMatchObject({ status: 400, body: { scimType: "invalidValue" } });
    const listed = await call(
      "GET",
      `/Users?filter=${encodeURIComponent('userName eq "badzone@checker.test"')}`,
    );
    expect(listed.body.totalResults).toBe(0);
  });
});

describe("PATCH remove (RFC 7644 §3.5.2.2)", () => {
  it("removes name: the attribute is unassigned and no longer returned", async () => {
    const person = await createUser("noname@checker.test");
    const removed = await patch(person.id, { op: "remove", path: "name" });
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty("name");
    const read = await call("GET", `/Users/${person.id}`);
    expect(read.body).not.toHaveProperty("name");
    expect(read.body).not.toHaveProperty("displayName");
    const filtered = await call(
      "GET",
      `/Users?filter=${encodeURIComponent('name.familyName pr and userName eq "noname@checker.test"')}`,
    );
    expect(filtered.body.totalResults).toBe(0);
  });

  it("removes active: unassigned means active, as the Schema and the documentation say", async () => {
    const person = await createUser("inactive@checker.test");
    const deactivated = await patch(person.id, { op: "replace", path: "active", value: false });
    expect(deactivated.body.active).toBe(false);
    const removed = await patch(person.id, { op: "remove", path: "active" });
    expect(removed).toMatchObject({ status: 200, body: { active: true } });
    expect((await call("GET", `/Users/${person.id}`)).body.active).toBe(true);
    const schema = await call("GET", `/Schemas/${USER_SCHEMA}`);
    const active = schema.body.attributes.find((a: { name: string }) => a.name === "active");
    expect(active.description).toContain("Unassigned means true");
    const config = await call("GET", "/ServiceProviderConfig");
    expect(config.body.documentationUri).toMatch(/\/help\/provisioning$/);
  });
});

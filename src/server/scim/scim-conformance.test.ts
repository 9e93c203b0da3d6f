import type { AddressInfo } from "node:net";
import { parse, filter as scimFilter } from "scim2-parse-filter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "./scim-schemas";

/**
 * RFC 7643 / RFC 7644 conformance over real HTTP (docs/provisioning.md, "Conformance"): a client
 * driving discovery, create, read, filter, replace, patch in every form, delete and the error
 * cases. Filters are cross-checked against scim2-parse-filter's own evaluator.
 */
const TOKEN = "scim-token-0123456789-0123456789-abcdef";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
const clock = fixedClock("2027-05-03T09:00:00Z");
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SCIM_TOKEN: TOKEN } });
  await allowEmail(t.db, "*@conform.test");
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/scim/v2`;
});
afterAll(() => t.close());

type Resource = Record<string, unknown> & { id: string };
async function call(method: string, path: string, body?: unknown, token = TOKEN) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const user = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
  userName,
  name: { givenName: "Ada", familyName: "Lovelace", formatted: "Ms. Ada Lovelace" },
  displayName: "Ada L.",
  emails: [{ value: userName, type: "home", primary: true }],
  active: true,
  ...extra,
});
const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

function expectScimError(res: Awaited<ReturnType<typeof call>>, status: number, scimType?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/scim\+json/);
  expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status) });
  if (scimType) expect(res.body.scimType).toBe(scimType);
}

describe("discovery (RFC 7644 §4)", () => {
  it("says what the server does, and every meta.location answers", async () => {
    const config = await call("GET", "/ServiceProviderConfig");
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
    });
    const types = await call("GET", "/ResourceTypes");
    expect(types.body.Resources.map((r: Resource) => r.id)).toEqual(["User"]);
    const schemaList = await call("GET", "/Schemas");
    expect(schemaList.body.Resources.map((r: Resource) => r.id)).toEqual([
      USER_SCHEMA,
      ENTERPRISE_SCHEMA,
    ]);
    for (const resource of [config.body, ...types.body.Resources, ...schemaList.body.Resources]) {
      const location = new URL(resource.meta.location).pathname.replace(/^\/scim\/v2/, "");
      const one = await call("GET", location);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(resource);
    }
    expectScimError(await call("GET", "/Schemas/urn:nope"), 404);
    expectScimError(await call("GET", "/ResourceTypes/Group"), 404);
  });

  it("publishes the rules the server applies: emails required, readOnly id", async () => {
    const schema = (await call("GET", `/Schemas/${USER_SCHEMA}`)).body;
    const attribute = (name: string) =>
      schema.attributes.find((a: { name: string }) => a.name === name);
    expect(attribute("emails")).toMatchObject({ required: true, multiValued: true });
    expect(attribute("userName")).toMatchObject({ required: true, uniqueness: "server" });
    expect(attribute("id")).toMatchObject({ mutability: "readOnly", returned: "always" });
    expect(attribute("timezone")).toMatchObject({ type: "string", multiValued: false });
    expect(attribute("addresses")).toMatchObject({ type: "complex", multiValued: true });
    const enterprise = (await call("GET", `/Schemas/${ENTERPRISE_SCHEMA}`)).body;
    const manager = enterprise.attributes.find((a: { name: string }) => a.name === "manager");
    expect(manager).toMatchObject({ type: "complex", multiValued: false });
    expect(manager.subAttributes.map((a: { name: string }) => a.name)).toEqual([
      "value",
      "$ref",
      "displayName",
    ]);
    const types = (await call("GET", "/ResourceTypes/User")).body;
    expect(types.schemaExtensions).toEqual([{ schema: ENTERPRISE_SCHEMA, required: false }]);
    // As published: a non-address userName without emails is refused.
    const refused = await call("POST", "/Users", { schemas: [USER_SCHEMA], userName: "bjensen" });
    expectScimError(refused, 400, "invalidValue");
  });
});

describe("errors (RFC 7644 §3.12) on every path under /scim/v2", () => {
  it("answers unknown paths, Groups, wrong methods and a missing token in the SCIM form", async () => {
    expectScimError(await call("GET", "/Nope"), 404);
    expectScimError(await call("GET", "/Groups"), 404);
    expectScimError(await call("POST", "/Groups", { schemas: [] }), 404);
    expectScimError(await call("GET", ""), 404);
    const wrongMethod = await call("DELETE", "/Users");
    expectScimError(wrongMethod, 405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
    expectScimError(await call("PUT", "/ServiceProviderConfig", {}), 405);
    expectScimError(await call("GET", "/Users", undefined, "nope"), 401);
    expectScimError(await call("GET", "/Users/2819c223-7f76-453a-919d-413861904646"), 404);
    expectScimError(
      await call("GET", `/Users?filter=${encodeURIComponent("userName eq")}`),
      400,
      "invalidFilter",
    );
    expectScimError(
      await call("GET", `/Users?filter=${encodeURIComponent('title eq "x"')}`),
      400,
      "invalidFilter",
    );
  });

  it("refuses a resource without schemas and a PATCH without the PatchOp schema", async () => {
    const { schemas: _, ...bare } = user("bare@conform.test");
    expectScimError(await call("POST", "/Users", bare), 400, "invalidSyntax");
    const created = (await call("POST", "/Users", user("schemas@conform.test"))).body;
    const noSchema = await call("PATCH", `/Users/${created.id}`, {
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expectScimError(noSchema, 400, "invalidSyntax");
    const wrongSchema = await call("PATCH", `/Users/${created.id}`, {
      schemas: [USER_SCHEMA],
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expectScimError(wrongSchema, 400, "invalidSyntax");
    expectScimError(await call("PUT", `/Users/${created.id}`, bare), 400, "invalidSyntax");
    expectScimError(
      await call("PATCH", `/Users/${created.id}`, patch({ op: "remove" })),
      400,
      "noTarget",
    );
    expectScimError(
      await call("PATCH", `/Users/${created.id}`, patch({ op: "move", path: "x" })),
      400,
      "invalidSyntax",
    );
    expectScimError(
      await call("PATCH", `/Users/${created.id}`, patch({ op: "remove", path: "emails" })),
      400,
      "invalidValue",
    );
    expect((await call("GET", `/Users/${created.id}`)).body.active).toBe(true);
  });
});

describe("create, read, replace (RFC 7644 §3.3, §3.4.1, §3.5.1)", () => {
  it("returns the person's time zone as timezone once one is known", async () => {
    const created = await call(
      "POST",
      "/Users",
      user("zone@conform.test", { timezone: "Asia/Kolkata" }),
    );
    expect(created.status).toBe(201);
    expect(created.body.timezone).toBe("Asia/Kolkata");
    const none = await call("POST", "/Users", user("nozone@conform.test"));
    expect(none.body).not.toHaveProperty("timezone");
    const read = await call("GET", `/Users/${created.body.id}?attributes=timezone`);
    expect(read.body).toEqual({
      schemas: [USER_SCHEMA],
      id: created.body.id,
      timezone: "Asia/Kolkata",
    });
  });

  it("keeps what was sent: emails[].type, name.formatted, displayName", async () => {
    const created = await call(
      "POST",
      "/Users",
      user("ada@conform.test", { externalId: "ext-ada" }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({
      userName: "ada@conform.test",
      externalId: "ext-ada",
      name: { givenName: "Ada", familyName: "Lovelace", formatted: "Ms. Ada Lovelace" },
      displayName: "Ada L.",
      emails: [{ value: "ada@conform.test", type: "home", primary: true }],
      active: true,
    });
    const read = await call("GET", `/Users/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    expectScimError(await call("POST", "/Users", user("ADA@conform.test")), 409, "uniqueness");

    clock.advance(60_000);
    const replaced = await call("PUT", `/Users/${created.body.id}`, {
      schemas: [USER_SCHEMA],
      userName: "ada@conform.test",
      name: { givenName: "Augusta", familyName: "King" },
      emails: [{ value: "ada@conform.test", type: "work" }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.name).toEqual({
      givenName: "Augusta",
      familyName: "King",
      formatted: "Augusta King",
    });
    expect(replaced.body.externalId).toBeUndefined();
    expect(replaced.body.emails[0].type).toBe("work");
    expect(Date.parse(replaced.body.meta.lastModified)).toBeGreaterThan(
      Date.parse(created.body.meta.lastModified),
    );
  });

  it("honours attributes and excludedAttributes on reads, lists and writes (§3.4.2.5, §3.9)", async () => {
    const created = (await call("POST", "/Users?attributes=userName", user("proj@conform.test")))
      .body;
    expect(Object.keys(created).sort()).toEqual(["id", "schemas", "userName"]);
    expect(created.schemas).toEqual([USER_SCHEMA]);
    const some = await call("GET", `/Users/${created.id}?attributes=name.givenName,emails.value`);
    expect(some.body).toEqual({
      schemas: [USER_SCHEMA],
      id: created.id,
      name: { givenName: "Ada" },
      emails: [{ value: "proj@conform.test" }],
    });
    const without = await call(
      "GET",
      `/Users/${created.id}?excludedAttributes=name,emails,meta,id`,
    );
    expect(without.body.id).toBe(created.id);
    expect(without.body).not.toHaveProperty("name");
    expect(without.body).not.toHaveProperty("emails");
    expect(without.body).not.toHaveProperty("meta");
    const filter = encodeURIComponent('userName eq "proj@conform.test"');
    const listed = await call(
      "GET",
      `/Users?filter=${filter}&attributes=${encodeURIComponent(`${USER_SCHEMA}:userName,active`)}`,
    );
    expect(listed.body.Resources).toEqual([
      { schemas: [USER_SCHEMA], id: created.id, userName: "proj@conform.test", active: true },
    ]);
    const patched = await call(
      "PATCH",
      `/Users/${created.id}?excludedAttributes=meta`,
      patch({ op: "replace", path: "active", value: false }),
    );
    expect(patched.body).not.toHaveProperty("meta");
    expect(patched.body.active).toBe(false);
  });
});

describe("filters (RFC 7644 §3.4.2.2), cross-checked with scim2-parse-filter", () => {
  let since: string;
  beforeAll(async () => {
    const people = [
      ["alice@conform.test", "Alice", "Archer", "Sales", "work"],
      ["bob@conform.test", "Bob", "Baker", "Sales", "home"],
      ["carol@conform.test", "Carol", "Cooper", "Research", "work"],
      ["dave@other.conform.test", "Dave", "Archer", undefined, "work"],
    ] as const;
    for (const [userName, givenName, familyName, department, type] of people) {
      clock.advance(60_000);
      if (userName.startsWith("carol")) since = clock.now().toISOString();
      await call("POST", "/Users", {
        schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
        userName,
        externalId: `ext-${givenName}`,
        name: { givenName, familyName },
        emails: [{ value: userName, type }],
        active: givenName !== "Bob",
        ...(department ? { [ENTERPRISE_SCHEMA]: { department } } : {}),
      });
    }
  });

  const filters = () => [
    'userName eq "alice@conform.test"',
    'userName co "ar"',
    'userName sw "b"',
    'userName ew "other.conform.test"',
    'name.familyName eq "Archer" and active eq true',
    'name.givenName eq "Alice" or name.givenName eq "Carol"',
    'not (name.familyName eq "Archer")',
    '(userName sw "a" or userName sw "c") and emails.type eq "work"',
    'emails[type eq "work" and value co "conform.test"]',
    'emails[type eq "home"]',
    `${ENTERPRISE_SCHEMA}:department eq "Sales"`,
    "externalId pr",
    'externalId eq "ext-Dave"',
    `meta.lastModified gt "${since}"`,
    `meta.created ge "${since}"`,
    "active eq false",
  ];

  it("answers each filter with exactly the resources the reference evaluator picks", async () => {
    const all = (await call("GET", "/Users?count=200")).body.Resources as Resource[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    const narrowing: string[] = [];
    for (const filter of filters()) {
      const expected = all.filter(scimFilter(parse(filter))).map((r) => r.id);
      if (expected.length > 0 && expected.length < all.length) narrowing.push(filter);
      const res = await call("GET", `/Users?count=200&filter=${encodeURIComponent(filter)}`);
      expect(res.status, filter).toBe(200);
      expect(
        res.body.Resources.map((r: Resource) => r.id),
        filter,
      ).toEqual(expected);
      expect(res.body.totalResults, filter).toBe(expected.length);
    }
    // Each filter picks some people and leaves others out: none passes by matching nobody or everybody.
    expect(narrowing).toEqual(filters());
  });

  it("compares userName and addresses ignoring case, externalId exactly; searches by POST /.search", async () => {
    const upper = await call(
      "GET",
      `/Users?filter=${encodeURIComponent('userName eq "ALICE@CONFORM.TEST"')}`,
    );
    expect(upper.body.totalResults).toBe(1);
    const exact = await call(
      "GET",
      `/Users?filter=${encodeURIComponent('externalId eq "EXT-DAVE"')}`,
    );
    expect(exact.body.totalResults).toBe(0);
    const search = await call("POST", "/Users/.search", {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:SearchRequest"],
      filter: 'name.familyName eq "Archer"',
      attributes: ["userName"],
      startIndex: 1,
      count: 1,
    });
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ totalResults: 2, itemsPerPage: 1 });
    expect(Object.keys(search.body.Resources[0]).sort()).toEqual(["id", "schemas", "userName"]);
  });
});

describe("patch in every form (RFC 7644 §3.5.2)", () => {
  it("applies add, replace and remove, with a path, without one, and with a value filter", async () => {
    const created = (
      await call(
        "POST",
        "/Users",
        user("patchy@conform.test", { [ENTERPRISE_SCHEMA]: { department: "Ops" } }),
      )
    ).body;
    const id = created.id;
    const steps: Array<[unknown, Record<string, unknown>]> = [
      [{ op: "add", path: "externalId", value: "ext-patchy" }, { externalId: "ext-patchy" }],
      [
        { op: "replace", path: "name.givenName", value: "Patricia" },
        { name: { givenName: "Patricia" } },
      ],
      [
        { op: "replace", value: { displayName: "Pat", "name.familyName": "Chy" } },
        { displayName: "Pat", name: { familyName: "Chy" } },
      ],
      [
        { op: "replace", path: "name", value: { formatted: "P. Chy" } },
        { name: { givenName: "Patricia", formatted: "P. Chy" } },
      ],
      [
        { op: "replace", path: 'emails[type eq "home"].value', value: "patchy2@conform.test" },
        { emails: [{ value: "patchy2@conform.test", type: "home", primary: true }] },
      ],
      [
        { op: "add", path: "emails", value: [{ value: "patchy3@conform.test", type: "other" }] },
        { emails: [{ value: "patchy3@conform.test", type: "other", primary: true }] },
      ],
      [
        { op: "replace", path: `${ENTERPRISE_SCHEMA}:department`, value: "Finance" },
        { [ENTERPRISE_SCHEMA]: { department: "Finance" } },
      ],
      [{ op: "replace", value: { active: false } }, { active: false }],
      [{ op: "replace", path: "active", value: true }, { active: true }],
    ];
    for (const [operation, expected] of steps) {
      const res = await call("PATCH", `/Users/${id}`, patch(operation));
      expect(res.status, JSON.stringify(operation)).toBe(200);
      expect(res.body, JSON.stringify(operation)).toMatchObject(expected);
    }
    const removed = await call(
      "PATCH",
      `/Users/${id}`,
      patch(
        { op: "remove", path: "name" },
        { op: "remove", path: ENTERPRISE_SCHEMA },
        { op: "remove", path: "externalId" },
      ),
    );
    expect(removed.status).toBe(200);
    expect(removed.body).not.toHaveProperty("name");
    expect(removed.body).not.toHaveProperty(ENTERPRISE_SCHEMA);
    expect(removed.body).not.toHaveProperty("externalId");
    expect(removed.body.schemas).toEqual([USER_SCHEMA]);
    expect(await call("GET", `/Users/${id}`)).toMatchObject({ body: removed.body });
  });
});

describe("delete (RFC 7644 §3.6)", () => {
  it("answers 404 for the deleted id from then on; the same userName created again gets a new id", async () => {
    const first = (await call("POST", "/Users", user("again@conform.test"))).body;
    const gone = await call("DELETE", `/Users/${first.id}`);
    expect(gone.status).toBe(204);
    expectScimError(await call("GET", `/Users/${first.id}`), 404);
    expectScimError(await call("DELETE", `/Users/${first.id}`), 404);
    const second = await call("POST", "/Users", user("again@conform.test"));
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.id);
    expect(second.body.active).toBe(true);
    expectScimError(await call("GET", `/Users/${first.id}`), 404);
    expectScimError(
      await call(
        "PATCH",
        `/Users/${first.id}`,
        patch({ op: "replace", path: "active", value: false }),
      ),
      404,
    );
    const byName = await call(
      "GET",
      `/Users?filter=${encodeURIComponent('userName eq "again@conform.test"')}`,
    );
    expect(byName.body.Resources.map((r: Resource) => r.id)).toEqual([second.body.id]);
  });
});

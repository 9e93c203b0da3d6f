import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedEmails, departments, matches, sessions, users } from "../db/schema";
import { waitingForPartner } from "../pairings/current/waiting-for-partner";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
  signIn,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { ENTERPRISE_SCHEMA } from "./scim-schemas";

const TOKEN = "scim-token-0123456789-0123456789-abcdef";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SCIM_TOKEN: TOKEN } });
  await allowEmail(t.db, "*@example.com");
});
afterAll(() => t.close());

const scim = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  token = TOKEN,
) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

/** Okta's documented "Create users" request body (developer.okta.com, "Okta and SCIM Version 2.0"). */
const oktaUser = (userName: string, externalId: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  name: { givenName: "Test", familyName: "User" },
  emails: [{ primary: true, value: userName, type: "work" }],
  displayName: "Test User",
  locale: "en-US",
  externalId,
  groups: [],
  password: "1mz050nq",
  active: true,
});

/** Entra ID's documented "Create User" request (learn.microsoft.com, "Tutorial: Develop a sample SCIM endpoint"). */
const entraUser = (suffix: string) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", ENTERPRISE_SCHEMA],
  externalId: `0a21f0f2-8d2a-4f8e-bf98-${suffix}`,
  userName: `Test_User_${suffix}`,
  active: true,
  emails: [{ primary: true, type: "work", value: `Test_User_${suffix}@example.com` }],
  meta: { resourceType: "User" },
  name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
  roles: [],
  [ENTERPRISE_SCHEMA]: { department: "Sales & Marketing" },
});

describe("SCIM access", () => {
  it("refuses a missing or wrong token with 401 in the SCIM error form", async () => {
    const res = await scim("GET", "/Users", undefined, "wrong-token");
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^application\/scim\+json/);
    expect(res.json()).toMatchObject({
      schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
      status: "401",
    });
  });

  it("answers 404 everywhere when SCIM_TOKEN is unset", async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: "GET",
        url: "/scim/v2/Users",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("describes itself: ServiceProviderConfig, ResourceTypes and Schemas", async () => {
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
    });
    expect((await scim("GET", "/ResourceTypes")).json().Resources[0]).toMatchObject({ id: "User" });
    const schemaIds = (await scim("GET", "/Schemas"))
      .json()
      .Resources.map((s: { id: string }) => s.id);
    expect(schemaIds).toContain(ENTERPRISE_SCHEMA);
  });
});

describe("Okta's provisioning", () => {
  it("looks the person up, creates them, and they may sign in (on the whitelist by being provisioned)", async () => {
    const userName = "test.user@okta.example.org";
    const lookup = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`,
    );
    expect(lookup.json()).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim("POST", "/Users", oktaUser(userName, "00ujl29u0le5T6Aj10h7"));
    expect(created.statusCode).toBe(201);
    expect(created.headers["content-type"]).toMatch(/^application\/scim\+json/);
    const body = created.json();
    expect(body).toMatchObject({ userName, active: true, externalId: "00ujl29u0le5T6Aj10h7" });
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, userName));
    expect(entry).toMatchObject({ isActive: true, scimManaged: true });
    const code = await t.post("/api/auth/send-code", { email: userName });
    expect(code.statusCode).toBe(200);
    expect(code.json().success).toBe(true);

    const again = await scim("POST", "/Users", oktaUser(userName, "00ujl29u0le5T6Aj10h7"));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: "409", scimType: "uniqueness" });

    const found = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`,
    );
    expect(found.json().Resources.map((r: { id: string }) => r.id)).toEqual([body.id]);
  });

  it("deactivates by PATCH with a value object, exactly like the admin: sessions end, matches are left", async () => {
    const created = (
      await scim("POST", "/Users", oktaUser("leaver@okta.example.org", "00uleaver"))
    ).json();
    const partner = await createUser(t.db, { email: "partner@example.com" });
    const pairing = await createPairing(t.db, { status: "active" });
    const match = await createMatch(t.db, { members: [{ id: created.id }, partner], pairing });
    const cookie = await signIn(t.db, { id: created.id });
    expect((await t.as(cookie).get("/api/auth/user")).statusCode).toBe(200);

    const res = await scim("PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, created.id))).toEqual([]);
    expect((await t.as(cookie).get("/api/auth/user")).statusCode).toBe(401);
    // The pair ends and its partner waits for a partner, as after the admin's deactivation.
    expect(await t.db.select().from(matches).where(eq(matches.id, match.id))).toEqual([]);
    const waiting = await waitingForPartner(t.db, [pairing.id], "2000-01-01");
    expect(waiting.get(pairing.id)?.map((p) => p.userId)).toEqual([partner.id]);

    const back = await scim("PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(back.json().active).toBe(true);
  });

  it("replays Okta's PUT of the whole user (id, meta, password and groups included)", async () => {
    const created = (
      await scim("POST", "/Users", oktaUser("okta.put@okta.example.org", "00uokput"))
    ).json();
    const res = await scim("PUT", `/Users/${created.id}`, {
      ...oktaUser("okta.put@okta.example.org", "00uokput"),
      id: created.id,
      name: { givenName: "Okta", familyName: "Renamed" },
      meta: { resourceType: "User" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: { givenName: "Okta", familyName: "Renamed" },
      active: true,
      displayName: "Test User",
    });
    expect(res.json()).not.toHaveProperty("password");
  });

  it("replaces a user with PUT", async () => {
    const created = (
      await scim("POST", "/Users", oktaUser("put.me@okta.example.org", "00uput"))
    ).json();
    const replaced = await scim("PUT", `/Users/${created.id}`, {
      ...oktaUser("put.me@okta.example.org", "00uput"),
      name: { givenName: "Renamed", familyName: "Person" },
    });
    expect(replaced.json()).toMatchObject({ name: { givenName: "Renamed", familyName: "Person" } });
  });
});

describe("Entra ID's provisioning", () => {
  it("creates a user with a non-address userName, its department made from the enterprise extension", async () => {
    const res = await scim("POST", "/Users", entraUser("7363c4aed4ef"));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.emails[0].value).toBe("test_user_7363c4aed4ef@example.com");
    expect(body[ENTERPRISE_SCHEMA]).toEqual({ department: "Sales & Marketing" });
    const made = await t.db
      .select()
      .from(departments)
      .where(eq(departments.displayName, "Sales & Marketing"));
    expect(made).toHaveLength(1);
    const byExternal = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
    );
    expect(byExternal.json().totalResults).toBe(1);
  });

  it('applies Entra\'s PATCH with capitalised ops, filtered paths and the string "False"', async () => {
    const created = (await scim("POST", "/Users", entraUser("2d77186b5dd1"))).json();
    const res = await scim("PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [
        { op: "Replace", path: 'emails[type eq "work"].value', value: "updatedEmail@example.com" },
        { op: "Replace", path: "name.familyName", value: "updatedFamilyName" },
        { op: "Add", path: `${ENTERPRISE_SCHEMA}:department`, value: "Sales & Marketing" },
        { op: "Replace", path: "title", value: "Ignored" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emails: [{ value: "updatedemail@example.com" }],
      name: { familyName: "updatedFamilyName" },
    });
    const byMail = await scim(
      "GET",
      `/Users?filter=${encodeURIComponent('emails[type eq "work"].value eq "updatedEmail@example.com"')}`,
    );
    expect(byMail.json().totalResults).toBe(1);
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "updatedemail@example.com"));
    expect(entry.scimManaged).toBe(true);

    const off = await scim("PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(off.json().active).toBe(false);
    const [user] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(user.isActive).toBe(false);
  });

  it("applies Entra's attribute-mapping PATCH: Add without a path, formatted name, displayName, manager removal", async () => {
    const created = (await scim("POST", "/Users", entraUser("5e6f7a8b9c0d"))).json();
    expect(created.name.formatted).toBe("givenName familyName");
    const res = await scim("PATCH", `/Users/${created.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [
        {
          op: "Add",
          value: {
            displayName: "Grace Hopper",
            "name.givenName": "Grace",
            "name.familyName": "Hopper",
            "name.formatted": "Rear Admiral Grace Hopper",
          },
        },
        { op: "Remove", path: `${ENTERPRISE_SCHEMA}:manager` },
        { op: "Replace", path: `${ENTERPRISE_SCHEMA}:department`, value: "Navy" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Grace Hopper",
      name: { givenName: "Grace", familyName: "Hopper", formatted: "Rear Admiral Grace Hopper" },
      emails: [{ type: "work", primary: true }],
      [ENTERPRISE_SCHEMA]: { department: "Navy" },
    });
    const [user] = await t.db.select().from(users).where(eq(users.scimId, created.id));
    expect(user).toMatchObject({ firstName: "Grace", lastName: "Hopper" });
  });

  it("deletes: deactivated like the admin's deactivation, then 404", async () => {
    const created = (await scim("POST", "/Users", entraUser("deadbeef0001"))).json();
    expect((await scim("DELETE", `/Users/${created.id}`)).statusCode).toBe(204);
    const [user] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(user).toMatchObject({ isActive: false, scimManaged: false });
    const gone = await scim("GET", `/Users/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: "404" });
    expect((await scim("GET", "/Users/5171a35d82074e068ce2")).statusCode).toBe(404);
  });
});

describe("SCIM refusals and paging", () => {
  it("refuses bad bodies, filters and JSON with 400 and a scimType", async () => {
    const noName = await scim("POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      emails: [],
    });
    expect(noName.json()).toMatchObject({ status: "400", scimType: "invalidValue" });
    const badFilter = await scim("GET", `/Users?filter=${encodeURIComponent('title co "x"')}`);
    expect(badFilter.json()).toMatchObject({ status: "400", scimType: "invalidFilter" });
    const badJson = await t.app.inject({
      method: "POST",
      url: "/scim/v2/Users",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json" },
      payload: "{not json",
    });
    expect(badJson.json()).toMatchObject({ status: "400", scimType: "invalidSyntax" });
    const badActive = await scim("POST", "/Users", {
      ...oktaUser("x@example.com", "x"),
      active: "maybe",
    });
    expect(badActive.json()).toMatchObject({ status: "400", scimType: "invalidValue" });
  });

  it("pages with startIndex and count", async () => {
    for (let i = 0; i < 3; i++)
      await scim("POST", "/Users", oktaUser(`page${i}@paging.example.org`, `p${i}`));
    const all = (await scim("GET", "/Users?count=200")).json();
    const page = (await scim("GET", "/Users?startIndex=2&count=2")).json();
    expect(page).toMatchObject({ startIndex: 2, itemsPerPage: 2, totalResults: all.totalResults });
    expect(page.Resources.map((r: { id: string }) => r.id)).toEqual(
      all.Resources.slice(1, 3).map((r: { id: string }) => r.id),
    );
    expect((await scim("GET", "/Users?count=0")).json()).toMatchObject({
      itemsPerPage: 0,
      Resources: [],
    });
  });
});

describe("the admin's view of provisioned people", () => {
  it("shows SCIM on, how many it manages and its last change; refuses the admin's (de)activation", async () => {
    const admin = t.as(await createAdmin(t.db, { email: "boss@hq.example.org" }));
    const created = (
      await scim("POST", "/Users", oktaUser("managed@example.com", "00umanaged"))
    ).json();
    const status = (await admin.get("/api/admin/identity")).json();
    expect(status.sso).toEqual({ on: false, name: null, emailSignIn: true });
    expect(status.scim.on).toBe(true);
    expect(status.scim.managed).toBeGreaterThanOrEqual(1);
    expect(Date.parse(status.scim.lastChangeAt)).not.toBeNaN();

    const list = (await admin.get("/api/admin/users?q=managed%40example.com")).json();
    expect(list.users[0]).toMatchObject({ id: created.id, scimManaged: true });
    const refused = await admin.post(`/api/admin/users/${created.id}/deactivate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/managed by your identity provider/);
    expect((await t.get("/api/admin/identity")).statusCode).toBe(401);

    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "managed@example.com"));
    const removal = await admin.delete(`/api/admin/allowed-emails/${entry.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().code).toBe("scim_managed");
  });
});

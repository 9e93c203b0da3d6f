import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erasedAddress } from "../../shared/former-colleague";
import { latestCode, latestToken, post } from "../auth/test-helpers";
import { allowedEmails, authCodes, outgoingMessages, users } from "../db/schema";
import { departmentsOfEmail } from "../directory/departments/department-lists";
import { signInCode } from "../outbox/kinds/sign-in-code";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createUser,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, USER_SCHEMA } from "./scim-schemas";

const TOKEN = "scim-token-0123456789-0123456789-abcdef";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SCIM_TOKEN: TOKEN } });
  await allowEmail(t.db, "*@acme.test");
});
afterAll(() => t.close());

const scim = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json" },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const person = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  emails: [{ value: email, type: "work", primary: true }],
  name: { givenName: "Pat", familyName: "Doe" },
  active: true,
  ...extra,
});

const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });

describe("a provisioned person keeps their domain group", () => {
  it("is in the group of their domain's *@ entry, with that group's departments", async () => {
    const beta = await createGroup(t.db, { displayName: "Beta" });
    await allowEmail(t.db, "*@beta.test", beta.id);
    await createDepartment(t.db, {
      name: "beta-ops",
      displayName: "Beta Ops",
      domainGroupId: beta.id,
    });

    const res = await scim(
      "POST",
      "/Users",
      person("new@beta.test", { [ENTERPRISE_SCHEMA]: { department: "beta ops" } }),
    );
    expect(res.statusCode).toBe(201);
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "new@beta.test"));
    expect(entry).toMatchObject({ scimManaged: true, domainGroupId: beta.id });
    const offered = await departmentsOfEmail(t.db, "new@beta.test");
    expect(offered.map((d) => d.displayName)).toContain("Beta Ops");
    // Matched in Beta's list, not added to the company-wide one.
    expect(res.json()[ENTERPRISE_SCHEMA]).toEqual({ department: "Beta Ops" });
    const [user] = await t.db.select().from(users).where(eq(users.email, "new@beta.test"));
    expect(user.department).toBe("beta-ops");
  });
});

describe("a changed address ends the old one's sign-ins", () => {
  it("the link and the code sent to the old address no longer sign in, and no second account appears", async () => {
    const created = (await scim("POST", "/Users", person("old@acme.test"))).json();
    await post(t, "/api/auth/magic-link", { email: "old@acme.test" });
    const token = await latestToken(t, "old@acme.test");
    await post(t, "/api/auth/send-code", { email: "old@acme.test" });
    const code = await latestCode(t, "old@acme.test");

    const moved = await scim(
      "PATCH",
      `/Users/${created.id}`,
      patch({ op: "replace", path: 'emails[type eq "work"].value', value: "new@acme.test" }),
    );
    expect(moved.statusCode).toBe(200);

    const link = await post(t, "/api/auth/magic-link/verify", { token });
    expect(link.statusCode).toBe(400);
    const byCode = await post(t, "/api/auth/verify-code", { email: "old@acme.test", code });
    expect(byCode.statusCode).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(users).where(eq(users.email, "old@acme.test"))).toEqual([]);
  });

  it("drops the old address's queued sign-in mail", async () => {
    const created = (await scim("POST", "/Users", person("queued@acme.test"))).json();
    const later = new Date(Date.now() + 3_600_000);
    const [code] = await t.db
      .insert(authCodes)
      .values({ email: "queued@acme.test", codeHash: "not-a-hash", expiresAt: later })
      .returning();
    await t.db.insert(outgoingMessages).values({
      kind: signInCode.name,
      recipient: "queued@acme.test",
      data: { authCodeId: code.id, secret: "123456", minutes: 15, sendBy: later.toISOString() },
      mailTransport: "elsewhere",
      urgent: true,
      nextAttemptAt: later,
    });
    await scim("PUT", `/Users/${created.id}`, person("moved@acme.test"));
    expect(
      await t.db
        .select()
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, "queued@acme.test")),
    ).toEqual([]);
    const [left] = await t.db.select().from(authCodes).where(eq(authCodes.id, code.id));
    expect(left?.isUsed ?? true).toBe(true);
  });
});

describe("admin and erased accounts are not the provider's", () => {
  it("refuses every write to an admin account, even one SCIM had provisioned", async () => {
    const created = (await scim("POST", "/Users", person("promoted@acme.test"))).json();
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.email, "promoted@acme.test"));
    const rename = await scim(
      "PATCH",
      `/Users/${created.id}`,
      patch({ op: "replace", path: "emails.value", value: "elsewhere@acme.test" }),
    );
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({ status: "403" });
    const put = await scim("PUT", `/Users/${created.id}`, person("elsewhere@acme.test"));
    expect(put.statusCode).toBe(403);
    expect((await scim("DELETE", `/Users/${created.id}`)).statusCode).toBe(403);
    const [admin] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(admin).toMatchObject({ email: "promoted@acme.test", isActive: true, isAdmin: true });

    await createAdmin(t.db, { email: "boss@acme.test" });
    const taken = await scim("POST", "/Users", person("boss@acme.test"));
    expect(taken.json()).toMatchObject({ status: "409", scimType: "uniqueness" });
  });

  it("refuses to create an erased address or to bring an erased row back", async () => {
    const erased = await createUser(t.db, { email: "gone@acme.test" });
    await t.db
      .update(users)
      .set({ email: erasedAddress(erased.id, true), erasedAt: new Date(), isActive: false })
      .where(eq(users.id, erased.id));
    const revive = await scim("POST", "/Users", person(erasedAddress(erased.id, true)));
    expect(revive.json()).toMatchObject({ status: "400", scimType: "invalidValue" });
    const byUserName = await scim("POST", "/Users", {
      schemas: [USER_SCHEMA],
      userName: erasedAddress(erased.id, true),
    });
    expect(byUserName.statusCode).toBe(400);
    const created = (await scim("POST", "/Users", person("alive@acme.test"))).json();
    const rename = await scim(
      "PATCH",
      `/Users/${created.id}`,
      patch({ op: "replace", path: "emails.value", value: "former-colleague-1@erased.invalid" }),
    );
    expect(rename.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, erased.id));
    expect(row).toMatchObject({ scimManaged: false, isActive: false });
  });
});

describe("paging bounds", () => {
  it("answers a startIndex past any number with 400 in the SCIM error form", async () => {
    for (const startIndex of ["99999999999999999999", "9007199254740993", "1e3", "x"]) {
      const res = await scim("GET", `/Users?startIndex=${startIndex}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toMatch(/^application\/scim\+json/);
      expect(res.json()).toMatchObject({ status: "400", scimType: "invalidValue" });
    }
    expect((await scim("GET", "/Users?startIndex=-5&count=-1")).json()).toMatchObject({
      startIndex: 1,
      itemsPerPage: 0,
    });
  });
});

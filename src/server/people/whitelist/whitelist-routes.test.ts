import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findWhitelistEntry, isEmailAllowed } from "../../auth/whitelist-lookup";
import { allowedEmails, departments } from "../../db/schema";
import { createAdmin, createGroup, createWhitelistedGroup } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

let t: TestApp;
let admin: Requests;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db, { email: "boss@admins.test" }));
});
afterAll(() => t.close());

describe("email whitelist and domain groups", () => {
  it("creates a group with its Other department and answers its id", async () => {
    const res = await admin.post("/api/admin/domain-groups", {
      name: "acme",
      displayName: "Acme Corp",
      description: "Main office",
      color: "#10b981",
    });
    expect(res.statusCode).toBe(201);
    const group = res.json();
    expect(group).toMatchObject({
      id: expect.any(Number),
      name: "acme",
      displayName: "Acme Corp",
      color: "#10B981",
    });
    const depts = await t.db
      .select()
      .from(departments)
      .where(eq(departments.domainGroupId, group.id));
    expect(depts.map((d) => d.name)).toEqual(["Other"]);
    const list = await admin.get("/api/admin/domain-groups");
    expect(list.json().map((g: { id: number }) => g.id)).toContain(group.id);
  });

  it("uses the default colour and the documented validation text", async () => {
    const created = await admin.post("/api/admin/domain-groups", {
      name: "plain",
      displayName: "Plain",
    });
    expect(created.json().color).toBe("#3B82F6");
    const missing = await admin.post("/api/admin/domain-groups", { name: " ", displayName: "X" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Name and display name are required");
    const duplicate = await admin.post("/api/admin/domain-groups", {
      name: "plain",
      displayName: "Again",
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it("adds, lists, assigns, unassigns and removes entries", async () => {
    const group = await createGroup(t.db);
    const added = await admin.post("/api/admin/allowed-emails", {
      email: " *@Widgets.TEST ",
      domain: "ignored.test",
      reason: "New customer",
      domainGroupId: null,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      email: "*@widgets.test",
      domain: "widgets.test",
      reason: "New customer",
    });
    const id = added.json().id;
    expect(await isEmailAllowed(t.db, "anyone@widgets.test")).toBe(true);

    const assigned = await admin.patch(`/api/admin/allowed-emails/${id}`, {
      domainGroupId: group.id,
    });
    expect(assigned.json()).toMatchObject({
      domainGroupId: group.id,
      domainGroup: { id: group.id },
    });
    const listed = (await admin.get("/api/admin/allowed-emails-with-groups")).json();
    expect(listed.find((e: { id: number }) => e.id === id)).toMatchObject({
      domainGroup: { displayName: group.displayName },
      addedBy: expect.any(String),
    });
    const unassigned = await admin.patch(`/api/admin/allowed-emails/${id}`, {
      domainGroupId: null,
    });
    expect(unassigned.json().domainGroupId).toBeNull();

    expect((await admin.delete(`/api/admin/allowed-emails/${id}`)).statusCode).toBe(200);
    expect(await isEmailAllowed(t.db, "anyone@widgets.test")).toBe(false);
    expect((await admin.delete(`/api/admin/allowed-emails/${id}`)).statusCode).toBe(404);
  });

  it("gives an address its domain's group, as Add Many People does, unless the admin chose", async () => {
    const acme = await createWhitelistedGroup(t.db, {
      displayName: "Acme Corp",
      domain: "hire.test",
    });
    const other = await createGroup(t.db);
    const add = (body: object) => admin.post("/api/admin/allowed-emails", body);

    // The form's default sends no group: the domain's, so the new hire signs up into Acme Corp.
    const byDomain = await add({ email: "newhire@hire.test", domain: "hire.test", reason: "" });
    expect(byDomain.statusCode).toBe(201);
    expect(byDomain.json()).toMatchObject({
      domainGroupId: acme.id,
      domainGroup: { displayName: "Acme Corp" },
    });
    expect(await findWhitelistEntry(t.db, "newhire@hire.test")).toMatchObject({
      domainGroupId: acme.id,
    });
    const preview = await admin.post("/api/admin/whitelist/import", {
      rows: [{ email: "second@hire.test" }],
      dryRun: true,
    });
    expect(preview.json().rows[0].detail).toBe("Will be added: group Acme Corp");

    // An explicit choice is kept: "No group" (null) or another group.
    expect(
      (await add({ email: "contractor@hire.test", domainGroupId: null })).json(),
    ).toMatchObject({ domainGroupId: null, domainGroup: null });
    expect(
      (await add({ email: "visitor@hire.test", domainGroupId: other.id })).json(),
    ).toMatchObject({ domainGroupId: other.id });
    // A `*@domain` entry, and an address whose domain has no entry, take no group by default.
    expect((await add({ email: "*@sub.hire.test" })).json().domainGroupId).toBeNull();
    expect((await add({ email: "guest@elsewhere.test" })).json().domainGroupId).toBeNull();
  });

  it("refuses malformed addresses and look-alikes with the documented texts", async () => {
    const empty = await admin.post("/api/admin/allowed-emails", { email: "" });
    expect(empty.json().message).toBe("Email is required");
    for (const email of [
      "not-an-email",
      "a@b@c.test",
      "x\uFE6Bevil.test@acme.test",
      '"a"@acme.test',
      "*@nodot",
    ]) {
      const res = await admin.post("/api/admin/allowed-emails", { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message, email).toBe("Please enter a valid email address");
    }
  });

  it("refuses a duplicate entry and an unknown group", async () => {
    await admin.post("/api/admin/allowed-emails", { email: "dup@acme.test" });
    const again = await admin.post("/api/admin/allowed-emails", { email: "DUP@acme.test" });
    expect(again.statusCode).toBe(409);
    const badGroup = await admin.post("/api/admin/allowed-emails", {
      email: "g@acme.test",
      domainGroupId: 99999,
    });
    expect(badGroup.statusCode).toBe(400);
  });

  it("deleting a group unassigns its e-mails but keeps them whitelisted", async () => {
    const group = (
      await admin.post("/api/admin/domain-groups", { name: "temp", displayName: "Temp" })
    ).json();
    const entry = (
      await admin.post("/api/admin/allowed-emails", {
        email: "member@temp.test",
        domainGroupId: group.id,
      })
    ).json();
    const deleted = await admin.delete(`/api/admin/domain-groups/${group.id}`);
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.db.select().from(allowedEmails).where(eq(allowedEmails.id, entry.id));
    expect(row.domainGroupId).toBeNull();
    expect(await isEmailAllowed(t.db, "member@temp.test")).toBe(true);
    expect((await admin.delete(`/api/admin/domain-groups/${group.id}`)).statusCode).toBe(404);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail, createGroup } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { findWhitelistEntry, isEmailAllowed, whitelistEntrySql } from "./whitelist-lookup";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("whitelist lookup", () => {
  it("lets nobody in when the whitelist is empty", async () => {
    expect(await isEmailAllowed(t.db, "anyone@nowhere.test")).toBe(false);
  });

  it("matches the domain exactly and prefers a specific address", async () => {
    const groupA = await createGroup(t.db);
    const groupB = await createGroup(t.db);
    const domainEntry = await allowEmail(t.db, "*@acme.test", groupA.id);
    const specific = await allowEmail(t.db, "boss@acme.test", null);
    await allowEmail(t.db, "other@acme.test", groupB.id);

    expect(await findWhitelistEntry(t.db, "Jane@ACME.test")).toEqual({
      id: domainEntry.id,
      domainGroupId: groupA.id,
    });
    expect(await findWhitelistEntry(t.db, "boss@acme.test")).toEqual({
      id: specific.id,
      domainGroupId: null,
    });
    for (const lookalike of [
      "x@acme.test.evil.test",
      "x@evilacme.test",
      "x@sub.acme.test",
      "x\uFF20evil.test@acme.test",
      "x@acme.test@evil.test",
    ]) {
      expect(await isEmailAllowed(t.db, lookalike), lookalike).toBe(false);
    }

    const rows = await t.db.execute(
      sql`select ${whitelistEntrySql(sql`${"boss@acme.test"}`, "domain_group_id")} as g, ${whitelistEntrySql(sql`${"x@acme.test"}`, "domain_group_id")} as d, ${whitelistEntrySql(sql`${"x@evilacme.test"}`, "id")} as none`,
    );
    const row =
      (rows as unknown as { rows: Array<Record<string, unknown>> }).rows?.[0] ??
      (rows as unknown as Array<Record<string, unknown>>)[0];
    expect(row).toEqual({ g: null, d: groupA.id, none: null });
  });

  it("ignores inactive entries", async () => {
    const { allowedEmails } = await import("../db/schema");
    await t.db
      .insert(allowedEmails)
      .values({ email: "gone@inactive.test", domain: "inactive.test", isActive: false });
    expect(await isEmailAllowed(t.db, "gone@inactive.test")).toBe(false);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedEmails, departments } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
  createWhitelistedGroup,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

describe("what a removal would touch, read before it", () => {
  it("counts who would lose access with a whitelist entry, and who of them is in a running match", async () => {
    const group = await createWhitelistedGroup(t.db, {
      displayName: "Impact",
      domain: "impact.test",
    });
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "*@impact.test"));
    const [a, b] = [
      await createUser(t.db, { email: "a@impact.test" }),
      await createUser(t.db, { email: "b@impact.test" }),
    ];
    await createUser(t.db, { email: "c@impact.test", department: "eng" });
    // Also admitted by an entry of their own: keeps access.
    await createUser(t.db, { email: "kept@impact.test" });
    await allowEmail(t.db, "kept@impact.test");
    const pairing = await createPairing(t.db, { status: "active" });
    await createMatch(t.db, { members: [a, b], pairing });

    const res = await admin.get(`/api/admin/allowed-emails/${entry.id}/impact`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ people: 3, inActiveMatch: 2 });
    expect(
      await t.db.select().from(allowedEmails).where(eq(allowedEmails.id, entry.id)),
    ).toHaveLength(1);

    const groupRes = await admin.get(`/api/admin/domain-groups/${group.id}/impact`);
    // kept@ is decided by its own entry, which has no group.
    expect(groupRes.json()).toEqual({ people: 3, entries: 1, departments: 2 });

    const [eng] = await t.db
      .select()
      .from(departments)
      .where(and(eq(departments.domainGroupId, group.id), eq(departments.name, "eng")));
    const deptRes = await admin.get(`/api/admin/departments/${group.id}/${eng.id}/impact`);
    expect(deptRes.json()).toEqual({ people: 1 });
  });

  it("answers 404 for what no longer exists, and refuses anyone but an admin", async () => {
    expect((await admin.get("/api/admin/allowed-emails/999999/impact")).statusCode).toBe(404);
    expect((await admin.get("/api/admin/domain-groups/999999/impact")).statusCode).toBe(404);
    expect((await t.get("/api/admin/domain-groups/1/impact")).statusCode).toBe(401);
  });
});

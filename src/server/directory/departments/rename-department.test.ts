import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, users } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createUser,
  signIn,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, await createAdmin(t.db, { email: "boss@rename.test" }));
});
afterAll(() => t.close());

async function groupOf(domain: string) {
  const group = await createGroup(t.db);
  const other = await createDepartment(t.db, {
    name: "Other",
    displayName: "Other",
    domainGroupId: group.id,
  });
  const sales = await createDepartment(t.db, {
    name: "sales",
    displayName: "Sales",
    domainGroupId: group.id,
  });
  await createDepartment(t.db, {
    name: "eng",
    displayName: "Engineering",
    domainGroupId: group.id,
  });
  await allowEmail(t.db, `*@${domain}`, group.id);
  return { group, other, sales };
}

function patch(groupId: number, departmentId: number, payload: object, cookie = admin) {
  return t.app.inject({
    method: "PATCH",
    url: `/api/admin/departments/${groupId}/${departmentId}`,
    headers: { cookie },
    payload,
  });
}

describe("renaming a department", () => {
  it("renames it and keeps the group's people in it under the new name, and only them", async () => {
    const { group, sales } = await groupOf("ren.test");
    const inside = await createUser(t.db, { email: "a@ren.test", department: "sales" });
    const outside = await createUser(t.db, { email: "b@not-ren.test", department: "sales" });
    const res = await patch(group.id, sales.id, { name: " revenue ", displayName: " Revenue " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: sales.id,
      name: "revenue",
      displayName: "Revenue",
      domainGroupId: group.id,
      userCount: 1,
    });
    const [moved] = await t.db.select().from(users).where(eq(users.id, inside.id));
    const [kept] = await t.db.select().from(users).where(eq(users.id, outside.id));
    expect(moved.department).toBe("revenue");
    expect(kept.department).toBe("sales");
  });

  it("refuses a name another department of the group has, in any case", async () => {
    const { group, sales } = await groupOf("dup.test");
    const res = await patch(group.id, sales.id, { name: "ENG", displayName: "Engineering 2" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A department named "ENG" already exists in this group.');
    const [unchanged] = await t.db.select().from(departments).where(eq(departments.id, sales.id));
    expect(unchanged.name).toBe("sales");
  });

  it("allows the same name in another group and a new display name alone", async () => {
    const first = await groupOf("one.test");
    const second = await groupOf("two.test");
    await patch(first.group.id, first.sales.id, { name: "deals", displayName: "Deals" });
    const res = await patch(second.group.id, second.sales.id, { name: "deals", displayName: "D" });
    expect(res.statusCode).toBe(200);
    const same = await patch(second.group.id, second.sales.id, {
      name: "deals",
      displayName: "Deals & Partnerships",
    });
    expect(same.json()).toMatchObject({ name: "deals", displayName: "Deals & Partnerships" });
  });

  it("keeps the default department's name but lets its display name change", async () => {
    const { group, other } = await groupOf("def.test");
    const renamed = await patch(group.id, other.id, { name: "Misc", displayName: "Misc" });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toMatch(/keeps its name/);
    const relabelled = await patch(group.id, other.id, {
      name: "Other",
      displayName: "Everyone else",
    });
    expect(relabelled.statusCode).toBe(200);
  });

  it("answers 400 for missing names, 404 for a department of another group, 403 for employees", async () => {
    const { group, sales } = await groupOf("bad.test");
    const blank = await patch(group.id, sales.id, { name: " ", displayName: "X" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(
      "Please select a group and enter both department name and display name.",
    );
    const elsewhere = await groupOf("bad2.test");
    expect(
      (await patch(elsewhere.group.id, sales.id, { name: "x", displayName: "X" })).statusCode,
    ).toBe(404);
    const employee = await signIn(t.db, await createUser(t.db, { email: "e@bad.test" }));
    const refused = await patch(group.id, sales.id, { name: "x", displayName: "X" }, employee);
    expect(refused.statusCode).toBe(403);
  });
});

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
  it("gives it a new name to read and keeps its key, so its people stay in it", async () => {
    const { group, sales } = await groupOf("ren.test");
    const inside = await createUser(t.db, { email: "a@ren.test", department: "sales" });
    await createUser(t.db, { email: "b@not-ren.test", department: "sales" });
    const res = await patch(group.id, sales.id, { displayName: " Revenue " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: sales.id,
      name: "sales",
      displayName: "Revenue",
      domainGroupId: group.id,
      userCount: 1,
    });
    const [kept] = await t.db.select().from(users).where(eq(users.id, inside.id));
    expect(kept.department).toBe("sales");
  });

  it("refuses a name another department of the group shows, in any case", async () => {
    const { group, sales } = await groupOf("dup.test");
    const res = await patch(group.id, sales.id, { displayName: "ENGINEERING" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'There is already a department named "Engineering" in this group.',
    );
    const [unchanged] = await t.db.select().from(departments).where(eq(departments.id, sales.id));
    expect(unchanged.displayName).toBe("Sales");
  });

  it("allows a name another group uses, and the same name in another case", async () => {
    const first = await groupOf("one.test");
    const second = await groupOf("two.test");
    await patch(first.group.id, first.sales.id, { displayName: "Deals" });
    const res = await patch(second.group.id, second.sales.id, { displayName: "Deals" });
    expect(res.statusCode).toBe(200);
    const recased = await patch(second.group.id, second.sales.id, { displayName: "DEALS" });
    expect(recased.json()).toMatchObject({ name: "sales", displayName: "DEALS" });
  });

  it("lets the default department show another name while it stays the default", async () => {
    const { group, other } = await groupOf("def.test");
    const relabelled = await patch(group.id, other.id, { displayName: "Everyone else" });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json()).toMatchObject({ name: "Other", displayName: "Everyone else" });
  });

  it("answers 400 for a missing name, 404 for a department of another group, 403 for employees", async () => {
    const { group, sales } = await groupOf("bad.test");
    const blank = await patch(group.id, sales.id, { displayName: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe("Please select a group and enter the department's name.");
    const elsewhere = await groupOf("bad2.test");
    expect((await patch(elsewhere.group.id, sales.id, { displayName: "X" })).statusCode).toBe(404);
    const employee = await signIn(t.db, await createUser(t.db, { email: "e@bad.test" }));
    const refused = await patch(group.id, sales.id, { displayName: "X" }, employee);
    expect(refused.statusCode).toBe(403);
  });
});

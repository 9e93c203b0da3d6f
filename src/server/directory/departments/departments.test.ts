import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { departments, users } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

let t: TestApp;
let admin: Requests;
let employee: Requests;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db, { email: "boss@ops.test" }));
  employee = t.as(await createUser(t.db, { email: "someone@plain.test" }));
});
afterAll(() => t.close());

async function groupWithDepartments(domain: string) {
  const group = await createGroup(t.db);
  await createDepartment(t.db, { name: "Other", displayName: "Other", domainGroupId: group.id });
  await createDepartment(t.db, { name: "sales", displayName: "Sales", domainGroupId: group.id });
  await createDepartment(t.db, {
    name: "eng",
    displayName: "Engineering",
    domainGroupId: group.id,
  });
  await allowEmail(t.db, `*@${domain}`, group.id);
  return group;
}

describe("employee department lists", () => {
  it("GET /api/departments answers the company-wide list with Other last", async () => {
    await createDepartment(t.db, { name: "finance", displayName: "Finance", domainGroupId: null });
    const res = await employee.get("/api/departments");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.at(-1)).toMatchObject({ name: "Other", displayName: "Other" });
    expect(list.map((d: { name: string }) => d.name)).toContain("finance");
    expect(Object.keys(list[0]).sort()).toEqual(["displayName", "id", "name"]);
  });

  it("gives a domain the list of its whitelist group, sorted by display name", async () => {
    await groupWithDepartments("grouped.test");
    const user = await createUser(t.db, { email: "ann@grouped.test" });
    const res = await t.as(user).get("/api/departments/domain/grouped.test");
    expect(res.json().map((d: { displayName: string }) => d.displayName)).toEqual([
      "Engineering",
      "Sales",
      "Other",
    ]);
  });

  it("uses the group of a specific address entry over the domain's", async () => {
    await groupWithDepartments("split.test");
    const special = await createGroup(t.db);
    await createDepartment(t.db, {
      name: "Other",
      displayName: "Other",
      domainGroupId: special.id,
    });
    await createDepartment(t.db, { name: "labs", displayName: "Labs", domainGroupId: special.id });
    await allowEmail(t.db, "vip@split.test", special.id);
    const vip = t.as(await createUser(t.db, { email: "vip@split.test" }));
    const names = (await vip.get("/api/departments/domain/split.test")).json();
    expect(names.map((d: { name: string }) => d.name)).toEqual(["labs", "Other"]);
    expect((await vip.get("/api/user/departments")).json()).toEqual(names);
  });

  it("falls back to the company-wide list for a domain without a group", async () => {
    const res = await employee.get("/api/departments/domain/plain.test");
    expect(res.json()).toEqual((await employee.get("/api/departments")).json());
  });

  it("lets only admins look at another domain's list", async () => {
    await groupWithDepartments("other-co.test");
    expect((await employee.get("/api/departments/domain/other-co.test")).statusCode).toBe(403);
    expect((await admin.get("/api/departments/domain/other-co.test")).statusCode).toBe(200);
  });

  it("requires a signed-in user", async () => {
    expect((await t.get("/api/departments")).statusCode).toBe(401);
    expect((await t.get("/api/departments/domain/plain.test")).statusCode).toBe(401);
  });
});

describe("admin departments", () => {
  it("lists a group's departments with how many of its people are in each", async () => {
    const group = await groupWithDepartments("count.test");
    await createUser(t.db, { email: "a@count.test", department: "sales" });
    await createUser(t.db, { email: "b@count.test", department: "sales" });
    await createUser(t.db, { email: "c@elsewhere-count.test", department: "sales" });
    const res = await admin.get(`/api/admin/departments/${group.id}`);
    expect(res.statusCode).toBe(200);
    const sales = res.json().find((d: { name: string }) => d.name === "sales");
    expect(sales).toEqual({
      id: expect.any(Number),
      name: "sales",
      displayName: "Sales",
      domainGroupId: group.id,
      userCount: 2,
    });
    const users = await admin.get(`/api/admin/departments/${group.id}/sales/users`);
    expect(
      users
        .json()
        .map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(["a@count.test", "b@count.test"]);
  });

  it("adds a department from the name people read and derives its key", async () => {
    const group = await groupWithDepartments("add.test");
    const post = (payload: object) => admin.post(`/api/admin/departments/${group.id}`, payload);
    const res = await post({ displayName: "  Customer Success " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "customer-success",
      displayName: "Customer Success",
      domainGroupId: group.id,
      userCount: 0,
    });
    const accented = await post({ displayName: "Ré & Dé" });
    expect(accented.json().name).toBe("re-de");
    const sameKey = await post({ displayName: "Re/De" });
    expect(sameKey.statusCode).toBe(201);
    expect(sameKey.json().name).toBe("re-de-2");
  });

  it("refuses a name the group already shows, in any case, with a 409 naming it", async () => {
    const group = await groupWithDepartments("dup-add.test");
    const post = (payload: object) => admin.post(`/api/admin/departments/${group.id}`, payload);
    const again = await post({ displayName: "SALES" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is already a department named "Sales" in this group.');
    const other = await groupWithDepartments("dup-add2.test");
    const elsewhere = await admin.post(`/api/admin/departments/${other.id}`, {
      displayName: "Design",
    });
    expect(elsewhere.statusCode).toBe(201);
    const concurrent = await Promise.all([
      post({ displayName: "Legal" }),
      post({ displayName: "legal" }),
    ]);
    expect(concurrent.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("requires the name", async () => {
    const group = await groupWithDepartments("req.test");
    for (const payload of [{ displayName: " " }, { name: "x" }, {}]) {
      const res = await admin.post(`/api/admin/departments/${group.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please select a group and enter the department's name.");
    }
  });

  it("adds through the operations dialog's call naming the group in the body", async () => {
    const group = await groupWithDepartments("ops.test");
    const res = await admin.post("/api/admin/departments", {
      displayName: "Legal Affairs",
      domainGroupId: group.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ domainGroupId: group.id, name: "legal-affairs" });
    const companyWide = await admin.post("/api/admin/departments", {
      displayName: "Legal Affairs",
      domainGroupId: null,
    });
    expect(companyWide.statusCode).toBe(201);
    const missing = await admin.post("/api/admin/departments", {
      displayName: "Legal",
      domainGroupId: 999999,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a department and moves only that group's people to Other", async () => {
    const group = await groupWithDepartments("del.test");
    const target = (
      await t.db.select().from(departments).where(eq(departments.domainGroupId, group.id))
    ).find((d) => d.name === "sales")!;
    const inGroup = await createUser(t.db, { email: "x@del.test", department: "sales" });
    const outside = await createUser(t.db, { email: "y@nodel.test", department: "sales" });
    const res = await admin.delete(`/api/admin/departments/${group.id}/${target.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain("moved to Other");
    const [moved] = await t.db.select().from(users).where(eq(users.id, inGroup.id));
    const [kept] = await t.db.select().from(users).where(eq(users.id, outside.id));
    expect(moved.department).toBe("Other");
    expect(kept.department).toBe("sales");
    expect(
      (await t.db.select().from(departments).where(eq(departments.id, target.id))).length,
    ).toBe(0);
  });

  it("refuses to delete Other, or a department of another group", async () => {
    const group = await groupWithDepartments("keep.test");
    const other = await groupWithDepartments("keep2.test");
    const rows = await t.db.select().from(departments);
    const otherDept = rows.find((d) => d.domainGroupId === group.id && d.name === "Other")!;
    const foreign = rows.find((d) => d.domainGroupId === other.id && d.name === "sales")!;
    const del = (id: number) => admin.delete(`/api/admin/departments/${group.id}/${id}`);
    const res = await del(otherDept.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The default department "Other" cannot be deleted.');
    expect((await del(foreign.id)).statusCode).toBe(404);
  });

  it("is for admins only", async () => {
    const group = await groupWithDepartments("guard.test");
    expect((await t.get(`/api/admin/departments/${group.id}`)).statusCode).toBe(401);
    expect((await employee.get(`/api/admin/departments/${group.id}`)).statusCode).toBe(403);
    const res = await employee.post(`/api/admin/departments/${group.id}`, {
      name: "x",
      displayName: "X",
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers 404 for an unknown group", async () => {
    expect((await admin.get("/api/admin/departments/999999")).statusCode).toBe(404);
    expect((await admin.get("/api/admin/departments/abc")).statusCode).toBe(400);
  });
});

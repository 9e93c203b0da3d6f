import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedEmails, departments, users } from "../../db/schema";
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
  admin = await signIn(t.db, await createAdmin(t.db, { email: "boss@merge.test" }));
});
afterAll(() => t.close());

const base = "/api/admin/departments-by-id";

function call(method: "GET" | "PATCH" | "POST" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: admin }, payload });
}

async function departmentOf(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row.department;
}

/** A whitelisted address not signed up yet, its profile pre-filled with `department`. */
async function notSignedUp(email: string, department: string, groupId: number | null = null) {
  const entry = await allowEmail(t.db, email, groupId);
  await t.db.update(allowedEmails).set({ department }).where(eq(allowedEmails.id, entry.id));
  return entry;
}

async function entryDepartment(id: number) {
  const [row] = await t.db.select().from(allowedEmails).where(eq(allowedEmails.id, id));
  return row.department;
}

describe("the company-wide department list (no domain group)", () => {
  it("lists its departments with how many people are in each", async () => {
    await createDepartment(t.db, { name: "roasting", displayName: "Roasting" });
    await createUser(t.db, { email: "r1@list.test", department: "roasting" });
    await createUser(t.db, { email: "r2@list.test", department: "roasting" });
    const res = await call("GET", "/api/admin/company-departments");
    expect(res.statusCode).toBe(200);
    const roasting = res.json().find((d: { name: string }) => d.name === "roasting");
    expect(roasting).toMatchObject({ displayName: "Roasting", domainGroupId: null, userCount: 2 });
  });

  it("counts people, their same-department preference and pre-filled profiles before a change", async () => {
    const sales = await createDepartment(t.db, { name: "sales-i", displayName: "Sales" });
    await createUser(t.db, { email: "s1@impact.test", department: "sales-i" });
    await createUser(t.db, {
      email: "s2@impact.test",
      department: "sales-i",
      matchingPreference: "same-department",
    });
    await notSignedUp("s3@impact.test", "sales-i");
    // Signed up already: counted among the people, not again as a profile to pre-fill.
    await notSignedUp("s1@impact.test", "sales-i");
    const group = await createGroup(t.db);
    await allowEmail(t.db, "*@elsewhere-i.test", group.id);
    await createUser(t.db, { email: "g@elsewhere-i.test", department: "sales-i" });

    const res = await call("GET", `${base}/${sales.id}/impact`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      people: 2,
      profiles: 1,
      sameDepartmentPreference: 1,
      fallback: "Other",
    });
  });

  it("renames a department people outside any group read", async () => {
    const ops = await createDepartment(t.db, { name: "ops-r", displayName: "Ops" });
    const person = await createUser(t.db, { email: "o@rename-c.test", department: "ops-r" });
    const res = await call("PATCH", `${base}/${ops.id}`, { displayName: "Operations" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: "Operations",
      domainGroupId: null,
      userCount: 1,
    });
    expect(await departmentOf(person.id)).toBe("ops-r");
  });

  it("merges one into another: people and pre-filled profiles move, the merged one is gone", async () => {
    const from = await createDepartment(t.db, { name: "qa-m", displayName: "QA" });
    const into = await createDepartment(t.db, { name: "eng-m", displayName: "Engineering" });
    const tester = await createUser(t.db, {
      email: "q@merge-c.test",
      department: "qa-m",
      matchingPreference: "same-department",
    });
    const entry = await notSignedUp("new@merge-c.test", "qa-m");
    const group = await createGroup(t.db);
    await allowEmail(t.db, "*@other-m.test", group.id);
    const outsider = await createUser(t.db, { email: "x@other-m.test", department: "qa-m" });
    const groupEntry = await notSignedUp("y@other-m.test", "qa-m", group.id);

    const res = await call("POST", `${base}/${from.id}/merge`, { intoDepartmentId: into.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: '"QA" merged into "Engineering". 1 person and 1 person not signed up yet moved.',
      movedUsers: 1,
      movedEntries: 1,
    });
    expect(await departmentOf(tester.id)).toBe("eng-m");
    expect(await entryDepartment(entry.id)).toBe("eng-m");
    // The group's people keep theirs: another list.
    expect(await departmentOf(outsider.id)).toBe("qa-m");
    expect(await entryDepartment(groupEntry.id)).toBe("qa-m");
    const left = await t.db.select().from(departments).where(eq(departments.id, from.id));
    expect(left).toEqual([]);
    const [kept] = await t.db.select().from(users).where(eq(users.id, tester.id));
    expect(kept.matchingPreference).toBe("same-department");
  });

  it("removes a department: its people and pre-filled profiles move to Other, made if missing", async () => {
    await t.db.delete(departments).where(eq(departments.name, "Other"));
    const gone = await createDepartment(t.db, { name: "legal-x", displayName: "Legal" });
    const lawyer = await createUser(t.db, { email: "l@remove-c.test", department: "legal-x" });
    const entry = await notSignedUp("n@remove-c.test", "legal-x");
    const res = await call("DELETE", `${base}/${gone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Department "Legal" deleted. 1 person and 1 person not signed up yet moved to Other.',
    );
    expect(await departmentOf(lawyer.id)).toBe("Other");
    expect(await entryDepartment(entry.id)).toBe("Other");
    const list = (await call("GET", "/api/admin/company-departments")).json();
    expect(list.map((d: { name: string }) => d.name)).toContain("Other");
    expect(list.map((d: { name: string }) => d.name)).not.toContain("legal-x");
  });
});

describe("what a merge or removal refuses", () => {
  it("refuses merging into another list, into itself, or the default department away", async () => {
    const mine = await createDepartment(t.db, { name: "a-ref", displayName: "A" });
    const group = await createGroup(t.db);
    const theirs = await createDepartment(t.db, {
      name: "b-ref",
      displayName: "B",
      domainGroupId: group.id,
    });
    const groupOther = await createDepartment(t.db, {
      name: "Other",
      displayName: "Other",
      domainGroupId: group.id,
    });
    const other = await call("POST", `${base}/${mine.id}/merge`, { intoDepartmentId: theirs.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(
      "Departments can only be merged into another department of the same list.",
    );
    const self = await call("POST", `${base}/${mine.id}/merge`, { intoDepartmentId: mine.id });
    expect(self.json().message).toBe("Choose another department to merge into.");
    const away = await call("POST", `${base}/${groupOther.id}/merge`, {
      intoDepartmentId: theirs.id,
    });
    expect(away.statusCode).toBe(400);
    expect(away.json().message).toContain("cannot be merged away");
    const none = await call("POST", `${base}/${mine.id}/merge`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please choose the department to merge into.");
    const removeDefault = await call("DELETE", `${base}/${groupOther.id}`);
    expect(removeDefault.json().message).toBe('The default department "Other" cannot be deleted.');
  });

  it("answers 404 for a department that no longer exists", async () => {
    const gone = await createDepartment(t.db, { name: "gone-404", displayName: "Gone" });
    await t.db.delete(departments).where(eq(departments.id, gone.id));
    for (const res of [
      await call("GET", `${base}/${gone.id}/impact`),
      await call("PATCH", `${base}/${gone.id}`, { displayName: "Back" }),
      await call("DELETE", `${base}/${gone.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("That department no longer exists.");
    }
  });

  it("is for admins only", async () => {
    const dept = await createDepartment(t.db, { name: "guarded", displayName: "Guarded" });
    const employee = await signIn(t.db, await createUser(t.db, { email: "e@guard-d.test" }));
    for (const [method, url] of [
      ["GET", "/api/admin/company-departments"],
      ["GET", `${base}/${dept.id}/impact`],
      ["DELETE", `${base}/${dept.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: employee } });
      expect(res.statusCode).toBe(403);
    }
    const [still] = await t.db.select().from(departments).where(eq(departments.id, dept.id));
    expect(still.displayName).toBe("Guarded");
  });
});

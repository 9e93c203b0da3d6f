import { zodResolver } from "@hookform/resolvers/zod";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileSchema } from "../shared/profile";
import { departments, domainGroups, users } from "./db/schema";
import { createUser, signInAdmin } from "./test/factories";
import { createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.db, { email: "boss@single-line.test" });
});
afterAll(() => t.close());

/** Inside a name, where trimming cannot take them away. */
const HOSTILE = ["Ada\n=cmd|' /C calc'!A0", "Ada\r\nBob", "Ada\tBob", "Ada\u0007", "Ada\u0085B"];
const profile = { lastName: "Lovelace", department: "Other", matchingPreference: "any" };

describe("single-line fields", () => {
  it("refuses a name with a line break, tab or control character, naming the field", async () => {
    const user = await createUser(t.db, { firstName: "Ada" });
    for (const firstName of HOSTILE) {
      const res = await t.as(user).put("/api/profile", { ...profile, firstName });
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(res.json().message).toBe(
        "First name must be a single line: please remove line breaks, tabs and other control characters.",
      );
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.firstName).toBe("Ada");
    const fine = await t.as(user).put("/api/profile", { ...profile, firstName: "  Zoë-Ünal " });
    expect(fine.statusCode).toBe(200);
  });

  it("refuses such department and group names and stores nothing", async () => {
    const groups = await t.db.select().from(domainGroups);
    const beforeDepartments = (await t.db.select().from(departments)).length;
    for (const bad of HOSTILE) {
      const department = await t.as(admin).post("/api/admin/departments", {
        name: "Ops",
        displayName: bad,
        domainGroupId: null,
      });
      expect(department.statusCode).toBe(400);
      expect(department.json().message).toMatch(/^Department name must be a single line/);
      const group = await t.as(admin).post("/api/admin/domain-groups", {
        name: bad,
        displayName: "Acme",
      });
      expect(group.statusCode).toBe(400);
      expect(group.json().message).toMatch(/^Name must be a single line/);
    }
    expect(await t.db.select().from(domainGroups)).toEqual(groups);
    expect((await t.db.select().from(departments)).length).toBe(beforeDepartments);
  });

  it("refuses a company name with a control character on the public inquiry form", async () => {
    const res = await t.post("/api/company-inquiry", {
      companyName: "Acme\u0001Corp",
      contactEmail: "buyer@acme.test",
      expectedUsers: "Less than 50",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Company name must be a single line/);
  });

  it("gives the form the same message from the shared schema", async () => {
    const resolve = zodResolver(profileSchema);
    const result = await resolve(
      { ...profile, firstName: "Ada\nBob", matchingPreference: "any" } as never,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.firstName?.message).toBe(
      "First name must be a single line: please remove line breaks, tabs and other control characters.",
    );
  });
});

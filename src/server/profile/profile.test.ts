import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { allowEmail, createDepartment, createGroup, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp();
  const group = await createGroup(t.db);
  groupId = group.id;
  await createDepartment(t.db, { name: "Other", displayName: "Other", domainGroupId: groupId });
  await createDepartment(t.db, {
    name: "engineering",
    displayName: "Engineering",
    domainGroupId: groupId,
  });
  await allowEmail(t.db, "*@acme.test", groupId);
});
afterAll(() => t.close());

const valid = {
  firstName: "  Ada ",
  lastName: "Lovelace",
  department: "engineering",
  matchingPreference: "cross-department",
  bio: "Likes engines.",
};

async function newcomer() {
  const user = await createUser(t.db, {
    needsProfileSetup: true,
    firstName: null,
    lastName: null,
    department: null,
  });
  return { user, me: t.as(user) };
}

const REGISTER = "/api/complete-registration";

describe("POST /api/complete-registration", () => {
  it("saves the profile, ends setup and answers the user", async () => {
    const { user, me } = await newcomer();
    const res = await me.post(REGISTER, valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      firstName: "Ada",
      lastName: "Lovelace",
      department: "engineering",
      matchingPreference: "cross-department",
      bio: "Likes engines.",
      needsProfileSetup: false,
    });
    expect(body).not.toHaveProperty("passwordHash");
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.needsProfileSetup).toBe(false);
  });

  it.each([
    [{ firstName: "" }, "First name is required", "firstName"],
    [{ firstName: "   " }, "First name is required", "firstName"],
    [{ lastName: undefined }, "Last name is required", "lastName"],
    [{ department: "" }, "Department is required", "department"],
    [{ firstName: "x".repeat(81) }, "First name must be at most 80 characters", "firstName"],
    [{ bio: "x".repeat(501) }, "Bio must be at most 500 characters", "bio"],
  ])("refuses %j with a message naming the field", async (change, message, field) => {
    const { me } = await newcomer();
    const res = await me.post(REGISTER, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, field });
  });

  it("refuses an unknown matching preference", async () => {
    const { me } = await newcomer();
    const res = await me.post(REGISTER, { ...valid, matchingPreference: "everyone" });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("matchingPreference");
  });

  it("refuses a department that is not in the user's group", async () => {
    await createDepartment(t.db, { name: "sales", displayName: "Sales", domainGroupId: null });
    const { me } = await newcomer();
    const res = await me.post(REGISTER, { ...valid, department: "sales" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Please choose a department from the list.",
      field: "department",
    });
  });

  it("offers the company-wide list to someone whose e-mail has no group", async () => {
    const user = await createUser(t.db, { email: "solo@elsewhere.test", needsProfileSetup: true });
    await allowEmail(t.db, "solo@elsewhere.test", null);
    const me = t.as(user);
    expect((await me.post(REGISTER, { ...valid, department: "engineering" })).statusCode).toBe(400);
    expect((await me.post(REGISTER, { ...valid, department: "Other" })).statusCode).toBe(200);
  });

  it("refuses a photo URL the user did not upload", async () => {
    const { me } = await newcomer();
    for (const profileImageUrl of [
      "https://evil.test/x.png",
      "javascript:alert(1)",
      "/uploads/0123456789abcdef0123456789abcdef.webp",
    ]) {
      expect((await me.post(REGISTER, { ...valid, profileImageUrl })).statusCode).toBe(400);
    }
  });

  it("refuses a user whose e-mail is not yet validated", async () => {
    const user = await createUser(t.db, { isValidated: false, needsProfileSetup: true });
    const res = await t.as(user).post(REGISTER, valid);
    expect(res.statusCode).toBe(403);
  });

  it("requires a signed-in user", async () => {
    expect((await t.post(REGISTER, valid)).statusCode).toBe(401);
  });
});

describe("PUT /api/profile", () => {
  it("updates the fields, clears an emptied bio and keeps setup finished", async () => {
    const user = await createUser(t.db, { bio: "old" });
    const res = await t.as(user).put("/api/profile", {
      ...valid,
      firstName: "Grace",
      bio: "",
      matchingPreference: "any",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Grace",
      bio: null,
      matchingPreference: "any",
      needsProfileSetup: false,
    });
  });

  it("saves the preferred group size, shows it as the user, and keeps it when not sent", async () => {
    const user = await createUser(t.db);
    expect((await t.as(user).get("/api/auth/user")).json().preferredGroupSize).toBe(2);
    const res = await t.as(user).put("/api/profile", { ...valid, preferredGroupSize: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferredGroupSize).toBe(4);
    expect((await t.as(user).put("/api/profile", valid)).json().preferredGroupSize).toBe(4);
    expect((await t.as(user).get("/api/auth/user")).json().preferredGroupSize).toBe(4);
  });

  it.each([1, 5, 2.5, "3"])("refuses a group size of %j with a message", async (size) => {
    const user = await createUser(t.db);
    const res = await t.as(user).put("/api/profile", { ...valid, preferredGroupSize: size });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Choose one-to-one, a group of 3 or a group of 4");
  });

  it("validates like registration", async () => {
    const user = await createUser(t.db);
    const res = await t.as(user).put("/api/profile", { ...valid, lastName: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Last name is required");
  });

  it("refuses profile changes from an account that has not confirmed its e-mail yet", async () => {
    const user = await createUser(t.db, { isValidated: false, needsProfileSetup: true });
    const res = await t.as(user).post(REGISTER, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("not_validated");
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.needsProfileSetup).toBe(true);
  });
});

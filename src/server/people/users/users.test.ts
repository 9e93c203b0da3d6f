import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser, AdminUsersResponse } from "../../../shared/admin-users";
import { fixedClock } from "../../clock";
import { users } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createMatch,
  createPairing,
  createUser,
  signIn,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");
let t: TestApp;
let admin: string;
let groupId: number;
let otherGroupId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await signIn(t.db, await createAdmin(t.db, { email: "boss@hq.test", firstName: "Zed" }), {
    now: NOW,
  });
  const brew = await createGroup(t.db, { name: "brew", displayName: "Brew Co" });
  const roast = await createGroup(t.db, { name: "roast", displayName: "Roast Ltd" });
  groupId = brew.id;
  otherGroupId = roast.id;
  for (const [name, displayName] of [
    ["Other", "Other"],
    ["sales", "Sales"],
    ["engineering", "Engineering"],
  ]) {
    await createDepartment(t.db, { name, displayName, domainGroupId: brew.id });
  }
  await createDepartment(t.db, { name: "Other", displayName: "Other", domainGroupId: roast.id });
  await allowEmail(t.db, "*@brew.test", brew.id);
  await allowEmail(t.db, "*@roast.test", roast.id);
  // A specific entry beats the domain's: this brew.test address belongs to Roast Ltd.
  await allowEmail(t.db, "moved@brew.test", roast.id);
});
afterAll(() => t.close());

function get(url: string, cookie = admin) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}
function patch(id: string, payload: unknown, cookie = admin) {
  return t.app.inject({
    method: "PATCH",
    url: `/api/admin/users/${id}`,
    headers: { cookie },
    payload: payload as object,
  });
}
async function list(query: string): Promise<AdminUsersResponse> {
  const res = await get(`/api/admin/users?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const emails = (page: { users: AdminUser[] }) => page.users.map((u) => u.email);

describe("GET /api/admin/users", () => {
  it("searches name, e-mail and department case-insensitively, with counts per status", async () => {
    await createUser(t.db, { email: "ada@brew.test", firstName: "Ada", lastName: "Lovelace" });
    await createUser(t.db, {
      email: "bob@brew.test",
      firstName: "Bob",
      lastName: "Marley",
      department: "sales",
      participationStatus: "paused",
    });
    await createUser(t.db, {
      email: "cy@roast.test",
      firstName: "Cy",
      lastName: "Lovell",
      participationStatus: "opted_out",
    });
    await createUser(t.db, {
      email: "moved@brew.test",
      firstName: null,
      lastName: null,
      department: "sales",
    });

    const byName = await list("q=LOVE");
    expect(emails(byName)).toEqual(["ada@brew.test", "cy@roast.test"]);
    expect(byName.counts).toEqual({
      total: 2,
      active: 1,
      paused: 0,
      opted_out: 1,
      deactivated: 0,
    });
    expect(byName.total).toBe(2);
    expect(emails(await list("q=ada%20lovelace"))).toEqual(["ada@brew.test"]);
    expect(emails(await list("q=ROAST.TEST"))).toEqual(["cy@roast.test"]);
    expect(emails(await list("q=SALES")).sort()).toEqual(["bob@brew.test", "moved@brew.test"]);
    // LIKE wildcards in a search are plain characters.
    expect(emails(await list("q=%25"))).toEqual([]);
  });

  it("filters by status and by the whitelist's group, and names the person's group", async () => {
    const paused = await list("status=paused&q=brew.test");
    expect(emails(paused)).toEqual(["bob@brew.test"]);
    // The counts are of the people listed (docs/admin-console.md, "Users"): the status filter
    // narrows them as it narrows the table.
    expect(paused.total).toBe(1);
    expect(paused.counts).toEqual({ total: 1, active: 0, paused: 1, opted_out: 0, deactivated: 0 });

    const brew = await list(`domainGroupId=${groupId}`);
    expect(emails(brew).sort()).toEqual(["ada@brew.test", "bob@brew.test"]);
    expect(brew.users.every((u) => u.domainGroupId === groupId)).toBe(true);
    const roast = await list(`domainGroupId=${otherGroupId}`);
    expect(emails(roast).sort()).toEqual(["cy@roast.test", "moved@brew.test"]);
    expect(emails(await list("status=all&domainGroupId=all&q=")).length).toBeGreaterThan(4);
  });

  it("shows each person's partner in the running pairing as currentMatch.match_name", async () => {
    const [ana, ben, old] = await Promise.all([
      createUser(t.db, { email: "ana@match.test", firstName: "Ana", lastName: "Ash" }),
      createUser(t.db, { email: "ben@match.test", firstName: "Ben", lastName: "Birch" }),
      createUser(t.db, { email: "old@match.test", firstName: "Old", lastName: "Oak" }),
    ]);
    const finished = await createPairing(t.db, { month: "2027-02", status: "completed" });
    await createMatch(t.db, { members: [old, ana], pairing: finished });
    await createMatch(t.db, { members: [ana, ben], month: "2027-03" });
    const page = await list("q=match.test");
    const byEmail = new Map(page.users.map((u) => [u.email, u]));
    expect(byEmail.get("ana@match.test")?.currentMatch?.match_name).toBe("Ben Birch");
    expect(byEmail.get("ben@match.test")?.currentMatch).toEqual({
      match_name: "Ana Ash",
      month: "2027-03",
      partners: ["Ana Ash"],
    });
    expect(byEmail.get("old@match.test")).not.toHaveProperty("currentMatch");
    const [cy, di, ed] = await Promise.all(
      ["Cy", "Di", "Ed"].map((firstName) =>
        createUser(t.db, {
          email: `${firstName.toLowerCase()}@trio.test`,
          firstName,
          lastName: "Elm",
        }),
      ),
    );
    await createMatch(t.db, { members: [cy, di, ed], month: "2027-03" });
    const trio = (await list("q=trio.test")).users.find((u) => u.email === "cy@trio.test");
    expect(trio?.currentMatch).toMatchObject({
      match_name: "Di Elm & Ed Elm",
      partners: ["Di Elm", "Ed Elm"],
    });
    expect(Object.keys(byEmail.get("ana@match.test") ?? {}).sort()).toEqual([
      "currentMatch",
      "department",
      "departmentName",
      "domainGroupId",
      "email",
      "firstName",
      "id",
      "isActive",
      "isAdmin",
      "lastName",
      "managerEmail",
      "matchingPreference",
      "meetWay",
      "needsProfileSetup",
      "office",
      "participationStatus",
      "preferredGroupSize",
      "scimManaged",
      "timeZone",
    ]);
  });

  it("pages by cursor through everyone once, in name order", async () => {
    for (const name of ["Kim", "kim", "Kai", "Kira", "Kurt"]) {
      await createUser(t.db, {
        email: `${name.toLowerCase()}${Math.random()}@page.test`,
        firstName: name,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = "";
    let pages = 0;
    while (cursor !== null) {
      const page = await list(`q=page.test&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.total).toBe(5);
      seen.push(...page.users.map((u) => u.firstName ?? ""));
      cursor = page.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.map((n) => n.toLowerCase())).toEqual(["kai", "kim", "kim", "kira", "kurt"]);
  });

  it("refuses a broken cursor or limit with a message, and anyone but an admin", async () => {
    const cursor = await get("/api/admin/users?cursor=not-a-cursor");
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toMatch(/page link is not valid/);
    const limit = await get("/api/admin/users?limit=5000");
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toMatch(/at most 200/);
    const employee = await signIn(t.db, await createUser(t.db), { now: NOW });
    expect((await get("/api/admin/users", employee)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users" })).statusCode).toBe(401);
  });
});

describe("PATCH /api/admin/users/{id}", () => {
  it("pauses for a month from today as the employee's own pause does, and reactivates", async () => {
    const user = await createUser(t.db, { email: "pause@brew.test" });
    const res = await patch(user.id, { participationStatus: "paused" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("User updated successfully");
    const [paused] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(paused).toMatchObject({
      participationStatus: "paused",
      pauseStartDate: "2027-03-10",
      pauseEndDate: "2027-04-10",
      pauseReason: "temporary",
    });
    expect((await patch(user.id, { participationStatus: "opted_out" })).statusCode).toBe(200);
    expect((await patch(user.id, { participationStatus: "active" })).statusCode).toBe(200);
    const [active] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(active).toMatchObject({
      participationStatus: "active",
      pauseStartDate: null,
      pauseEndDate: null,
      pauseReason: null,
    });
  });

  it("sets a department of the person's own group and refuses one of another group", async () => {
    const user = await createUser(t.db, { email: "dept@brew.test", department: "Other" });
    const ok = await patch(user.id, { department: "sales" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.department).toBe("sales");
    const moved = await createUser(t.db, { email: "moved2@brew.test", department: "Other" });
    await allowEmail(t.db, "moved2@brew.test", otherGroupId);
    const refused = await patch(moved.id, { department: "sales" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "Please choose one of the departments of this person's group.",
    );
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, moved.id));
    expect(unchanged.department).toBe("Other");
  });

  it("sets and clears the manager, which the list answers as managerEmail", async () => {
    await createUser(t.db, { email: "lead@brew.test", firstName: "Lead" });
    const user = await createUser(t.db, { email: "report@brew.test", firstName: "Report" });
    const managerOf = async () =>
      (await list("q=report@brew.test")).users.find((u) => u.id === user.id)?.managerEmail;
    expect(await managerOf()).toBeNull();
    expect((await patch(user.id, { managerEmail: "LEAD@brew.test" })).statusCode).toBe(200);
    expect(await managerOf()).toBe("lead@brew.test");
    const unknown = await patch(user.id, { managerEmail: "ghost@brew.test" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/a manager must have signed up/);
    expect(await managerOf()).toBe("lead@brew.test");
    expect((await patch(user.id, { managerEmail: null })).statusCode).toBe(200);
    expect(await managerOf()).toBeNull();
  });

  it("answers 400 for no change and 404 for an unknown person", async () => {
    const user = await createUser(t.db, { email: "same@brew.test", department: "sales" });
    for (const body of [{}, { participationStatus: "active", department: "sales" }]) {
      const res = await patch(user.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("No changes to save for this user");
    }
    const bad = await patch(user.id, { participationStatus: "retired" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/active, paused or opted_out/);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await patch(id, { participationStatus: "paused" });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("User not found.");
    }
    const employee = await signIn(t.db, await createUser(t.db), { now: NOW });
    expect((await patch(user.id, { participationStatus: "paused" }, employee)).statusCode).toBe(
      403,
    );
  });
});

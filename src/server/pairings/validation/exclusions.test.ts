import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { allowEmail, createGroup, createUser, signIn, signInAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-05-10T09:00:00Z");
let t: TestApp;
let cookie: string;
const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  cookie = await signInAdmin(t.db, { email: "boss@hq-excl.test" }, { now: NOW });
});
afterAll(() => t.close());

describe("who is excluded from this month's pairing, and why", () => {
  it("does not count the admin, who is off the whitelist, as removed from it (a fresh install)", async () => {
    const { excluded, statusCounts } = (await get("/api/admin/pairing-validation")).json();
    expect(excluded.removed).toBe(0);
    expect(statusCounts.total).toBe(0);
    const removed = await get("/api/admin/pairing-validation/excluded?reason=removed");
    expect(removed.json()).toMatchObject({ total: 0, people: [] });
  });

  it("lists the names behind a count, sorted by name, for a group", async () => {
    const group = await createGroup(t.db, { name: "excl", displayName: "Excl Co" });
    await allowEmail(t.db, "*@excl.test", group.id);
    await createUser(t.db, { email: "ready@excl.test" });
    await createUser(t.db, {
      email: "zed@excl.test",
      firstName: "Zed",
      lastName: "Zulu",
      participationStatus: "opted_out",
    });
    await createUser(t.db, {
      email: "amy@excl.test",
      firstName: "Amy",
      lastName: "Alpha",
      department: "sales",
      participationStatus: "opted_out",
      employeeStatus: "on_leave",
    });
    await createUser(t.db, {
      email: "new.person@excl.test",
      firstName: null,
      lastName: null,
      needsProfileSetup: true,
    });

    const validation = await get(`/api/admin/pairing-validation?domainGroupId=${group.id}`);
    expect(validation.json(), validation.body).toHaveProperty("excluded");
    expect(validation.json().excluded).toMatchObject({ opted_out: 2, incomplete_profile: 1 });

    const res = await get(
      `/api/admin/pairing-validation/excluded?domainGroupId=${group.id}&reason=opted_out`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reason: "opted_out",
      total: 2,
      people: [
        { id: expect.any(String), name: "Amy Alpha", email: "amy@excl.test", department: "sales" },
        {
          id: expect.any(String),
          name: "Zed Zulu",
          email: "zed@excl.test",
          department: "engineering",
        },
      ],
    });
    const incomplete = await get(
      `/api/admin/pairing-validation/excluded?domainGroupId=${group.id}&reason=incomplete_profile`,
    );
    expect(incomplete.json().people).toEqual([
      expect.objectContaining({ name: "new.person", email: "new.person@excl.test" }),
    ]);
  });

  it("counts people whose whitelist entry was removed as removed, company-wide", async () => {
    await createUser(t.db, { email: "left@gone-excl.test" });
    const all = await get("/api/admin/pairing-validation");
    const { excluded, statusCounts } = all.json();
    expect(excluded.removed).toBeGreaterThanOrEqual(1);
    const sum = Object.values(excluded as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(statusCounts.total - statusCounts.truly_active);
    expect(excluded.opted_out).toBe(statusCounts.opted_out);
    expect(excluded.paused).toBe(statusCounts.paused);
    const removed = await get("/api/admin/pairing-validation/excluded?reason=removed");
    expect(removed.json().people.map((p: { email: string }) => p.email)).toContain(
      "left@gone-excl.test",
    );
  });

  it("refuses an unknown reason or group with a message, and employees", async () => {
    const bad = await get("/api/admin/pairing-validation/excluded?reason=bored");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Please choose one of the exclusion reasons.");
    const missing = await get(
      "/api/admin/pairing-validation/excluded?reason=paused&domainGroupId=999999",
    );
    expect(missing.statusCode).toBe(404);
    const employee = await createUser(t.db, { email: "emp@hq-excl.test" });
    await allowEmail(t.db, "emp@hq-excl.test");
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/admin/pairing-validation/excluded?reason=paused",
      headers: { cookie: await signIn(t.db, employee, { now: NOW }) },
    });
    expect(refused.statusCode).toBe(403);
  });
});

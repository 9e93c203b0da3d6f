import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { users } from "../db/schema";
import { allowEmail, createUser, signInAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");

describe("employee status sync and summary", () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    cookie = await signInAdmin(t.db, { needsProfileSetup: true }, { now: NOW });
    // Only whitelisted people are available for matching.
    await allowEmail(t.db, "*@acme.test");
  });
  afterAll(() => t.close());

  it("applies leave dates to statuses and reports the summary", async () => {
    const starting = await createUser(t.db, {
      leaveStartDate: "2027-03-01",
      leaveEndDate: "2027-04-01",
    });
    const returning = await createUser(t.db, {
      employeeStatus: "on_leave",
      leaveStartDate: "2027-01-01",
      leaveEndDate: "2027-03-09",
    });
    const stillAway = await createUser(t.db, {
      employeeStatus: "on_leave",
      leaveStartDate: "2027-02-01",
    });
    const future = await createUser(t.db, {
      leaveStartDate: "2027-04-01",
      leaveEndDate: "2027-04-10",
    });
    const pausedDone = await createUser(t.db, {
      participationStatus: "paused",
      pauseEndDate: "2027-03-10",
    });
    // Employment whatever the participation: an opted-out person on leave is on leave, and
    // someone the roster says has left is neither at work nor on leave.
    await createUser(t.db, {
      participationStatus: "opted_out",
      leaveStartDate: "2027-03-01",
    });
    await createUser(t.db, { employeeStatus: "inactive" });

    const before = await t.app.inject({
      method: "GET",
      url: "/api/admin/employee-status-summary",
      headers: { cookie },
    });
    // Seven employees, never the admin without a profile; at work, on leave and left add up.
    expect(before.json()).toEqual({
      totalEmployees: 7,
      activeEmployees: 2,
      onLeaveEmployees: 4,
      leftEmployees: 1,
      availableForMatching: 2,
      lastSyncDate: null,
    });

    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/sync-employee-status",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    // The summary GET changed nothing, so the sync is what writes the ended pause back.
    expect(res.json()).toMatchObject({ nowOnLeave: 2, backFromLeave: 1, pausesEnded: 1 });
    const status = async (id: string) =>
      (
        await t.db
          .select({ s: users.employeeStatus, p: users.participationStatus })
          .from(users)
          .where(eq(users.id, id))
      )[0];
    expect((await status(starting.id)).s).toBe("on_leave");
    expect((await status(returning.id)).s).toBe("active");
    expect((await status(stillAway.id)).s).toBe("on_leave");
    expect((await status(future.id)).s).toBe("active");
    expect((await status(pausedDone.id)).p).toBe("active");

    const after = await t.app.inject({
      method: "GET",
      url: "/api/admin/employee-status-summary",
      headers: { cookie },
    });
    expect(after.json()).toMatchObject({
      totalEmployees: 7,
      activeEmployees: 3,
      onLeaveEmployees: 3,
      leftEmployees: 1,
      availableForMatching: 3,
      lastSyncDate: "2027-03-10T09:00:00.000Z",
    });
  });
});

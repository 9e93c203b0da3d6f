import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import {
  allowEmail,
  createDepartment,
  createGroup,
  createMatch,
  createPairing,
  createUser,
  signInAdmin,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");

/**
 * A hand-built company: the admin (pending profile) and nine employees — five active (one of them
 * without a department, one pending setup), two paused, two opted out; a March round with three
 * matches (one marked completed, one where a member answered "Met My Match"), a completed
 * February round with three matches (one met, one marked completed but missed by both) and
 * January's one match, met by one of its members.
 */
describe("admin metrics on a hand-built company", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    admin = await signInAdmin(t.db, { needsProfileSetup: true, department: null }, { now: NOW });
    const people = [
      await createUser(t.db, { department: "engineering" }),
      await createUser(t.db, { department: "engineering" }),
      await createUser(t.db, { department: "sales" }),
      await createUser(t.db, { department: "" }),
      await createUser(t.db, { department: "sales", needsProfileSetup: true }),
      await createUser(t.db, { department: "engineering", participationStatus: "paused" }),
      await createUser(t.db, { department: "design", participationStatus: "paused" }),
      await createUser(t.db, { department: "engineering", participationStatus: "opted_out" }),
      await createUser(t.db, { department: "sales", participationStatus: "opted_out" }),
    ];
    const [a, b, c, d, e, f] = people;
    const march = await createPairing(t.db, { month: "2027-03" });
    await createMatch(t.db, { members: [a, b], pairing: march, status: "completed" });
    await createMatch(t.db, { members: [c, d], answers: ["met", null], pairing: march });
    await createMatch(t.db, { members: [e, f], pairing: march });
    const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
    await createMatch(t.db, { members: [a, c], pairing: february, status: "completed" });
    await createMatch(t.db, { members: [b, d], pairing: february });
    await createMatch(t.db, {
      members: [b, e],
      answers: ["skip", "skip"],
      pairing: february,
      status: "completed",
    });
    await createMatch(t.db, {
      members: [a, d],
      answers: [null, "met"],
      month: "2027-01",
    });
    // Outside the six-month window: counted in no month.
    await createMatch(t.db, { members: [b, c], month: "2026-08", status: "completed" });
    // Two invited who never signed up, and a whole domain (nobody in particular invited).
    await allowEmail(t.db, "waiting-1@metrics.test");
    await allowEmail(t.db, "waiting-2@metrics.test");
    await allowEmail(t.db, "*@everyone.test");
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("GET /api/admin/stats counts each figure by its one definition", async () => {
    const res = await get("/api/admin/stats", admin);
    expect(res.statusCode).toBe(200);
    // Active: the matches of running pairings (March's three, January's and August's), whatever
    // was answered. Completed: February's a–c, the one chat that happened in a completed pairing
    // (its b–d was never answered nor closed; b–e was marked completed but both missed it).
    // Happened: March's a–b and c–d, February's a–c, January's a–d and August's b–c.
    expect(res.json()).toEqual({ activeMatches: 5, completedChats: 1, chatsHappened: 5 });
  });

  it("GET /api/admin/enhanced-metrics computes the figures of docs/admin-console.md", async () => {
    const res = await get("/api/admin/enhanced-metrics", admin);
    expect(res.statusCode).toBe(200);
    const { userMetrics, matchingMetrics } = res.json();
    // The admin, who never made a profile, is no employee.
    expect(userMetrics).toEqual({
      totalRegistered: 9,
      pendingProfileSetup: 1,
      activeParticipants: 5,
      pausedUsers: 2,
      optedOutUsers: 2,
      // 5 active of the 7 who have not opted out.
      participationRate: 71.4,
      invitedNotJoined: 2,
      byDepartment: { engineering: 4, sales: 3, "Not Set": 1, design: 1 },
    });
    expect(matchingMetrics.currentMonth).toEqual({
      month: "2027-03",
      totalMatches: 3,
      activeMatches: 3,
      completedMatches: 0,
      chatsHappened: 2,
    });
    const none = { successRate: 0, totalMatches: 0, completedMatches: 0, chatsHappened: 0 };
    expect(matchingMetrics.previousMonths).toEqual([
      { month: "2026-09", ...none },
      { month: "2026-10", ...none },
      { month: "2026-11", ...none },
      { month: "2026-12", ...none },
      {
        month: "2027-01",
        successRate: 100,
        totalMatches: 1,
        completedMatches: 0,
        chatsHappened: 1,
      },
      {
        month: "2027-02",
        successRate: 33.3,
        totalMatches: 3,
        completedMatches: 1,
        chatsHappened: 1,
      },
    ]);
  });

  it("GET /api/admin/system-health names the outbox transport and a live database", async () => {
    const res = await get("/api/admin/system-health", admin);
    expect(res.json()).toEqual({
      database: { status: "Operational", kind: "Embedded PostgreSQL" },
      emailService: { transport: "outbox", label: "Outbox" },
      employeeSync: "CSV roster upload",
    });
  });

  it("refuses every metrics read to anyone but an admin", async () => {
    const employee = await signInAdmin(t.db, { isAdmin: false }, { now: NOW });
    for (const url of [
      "/api/admin/stats",
      "/api/admin/enhanced-metrics",
      "/api/admin/system-health",
    ]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, employee)).statusCode).toBe(403);
    }
  });
});

describe("system health with an SMTP server", () => {
  it("shows the SMTP host and never the credentials of SMTP_URL", async () => {
    const t = await createTestApp({ smtpUrl: "smtp://mailer:s3cret@mail.internal.test:2525" });
    try {
      const cookie = await signInAdmin(t.db);
      const res = await t.app.inject({
        method: "GET",
        url: "/api/admin/system-health",
        headers: { cookie },
      });
      expect(res.json().emailService).toEqual({
        transport: "smtp",
        label: "SMTP (mail.internal.test)",
      });
      expect(res.body).not.toContain("s3cret");
      expect(res.body).not.toContain("mailer");
    } finally {
      await t.close();
    }
  });
});

describe("people per department where the lists name a key differently", () => {
  it("counts each person under their own list's name, an address's entry beating its domain's", async () => {
    const t = await createTestApp({ clock: fixedClock(NOW) });
    try {
      const admin = await signInAdmin(t.db, { department: "ops" }, { now: NOW });
      const north = await createGroup(t.db);
      const south = await createGroup(t.db);
      await createDepartment(t.db, { name: "ops", displayName: "Operations", domainGroupId: null });
      await createDepartment(t.db, {
        name: "ops",
        displayName: "North Ops",
        domainGroupId: north.id,
      });
      await createDepartment(t.db, {
        name: "ops",
        displayName: "South Ops",
        domainGroupId: south.id,
      });
      await createDepartment(t.db, { name: "hr", displayName: "People", domainGroupId: north.id });
      await allowEmail(t.db, "*@north.test", north.id);
      await allowEmail(t.db, "ann@north.test", south.id);
      await createUser(t.db, { email: "ann@north.test", department: "ops" });
      await createUser(t.db, { email: "bo@north.test", department: "ops" });
      await createUser(t.db, { email: "cal@north.test", department: "hr" });
      await createUser(t.db, { email: "dee@elsewhere.test", department: "hr" });
      const res = await t.app.inject({
        method: "GET",
        url: "/api/admin/enhanced-metrics",
        headers: { cookie: admin },
      });
      // The admin's address is on no list: the company-wide name.
      expect(res.json().userMetrics.byDepartment).toEqual({
        People: 2,
        "North Ops": 1,
        Operations: 1,
        "South Ops": 1,
      });
    } finally {
      await t.close();
    }
  });
});

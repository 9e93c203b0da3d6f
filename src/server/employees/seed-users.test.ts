import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { signInAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");

describe("POST /api/admin/seed-users in DEMO mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW), env: { DEMO: "1" } });
  });
  afterAll(() => t.close());

  it("seeds a sample company of 100 people with its history and this month's running round", async () => {
    const cookie = await signInAdmin(t.db, { needsProfileSetup: true }, { now: NOW });
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/seed-users",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ users: 100, domain: "acme.example" });
    const current = (await get("/api/admin/current-pairings")).json();
    // The sample people are all in the Acme group; "All Users" (those in no group) is nobody: the
    // admin off the whitelist is not counted as removed from it.
    const group = current.pairings[0].domainGroupId;
    const validation = await get(`/api/admin/pairing-validation?domainGroupId=${group}`);
    expect(validation.json().statusCounts.total).toBe(100);
    expect((await get("/api/admin/pairing-validation")).json().statusCounts.total).toBe(0);
    expect(current.pairings).toEqual([
      expect.objectContaining({ month: "2027-03", status: "active", domainGroupName: "Acme Corp" }),
    ]);
    expect(current.matchesByPairing[String(current.pairings[0].id)].length).toBeGreaterThan(30);
    const files = (await get("/api/admin/completed-pairing-files")).json();
    expect(files.map((f: { monthDisplay: string }) => f.monthDisplay)).toEqual([
      "February 2027",
      "January 2027",
      "December 2026",
      "November 2026",
      "October 2026",
      "September 2026",
    ]);
  });
});

describe("POST /api/admin/seed-users outside DEMO mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
  });
  afterAll(() => t.close());

  it("does not exist for an admin (404) and seeds nobody; others are still refused first", async () => {
    const cookie = await signInAdmin(t.db, {}, { now: NOW });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/seed-users",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such endpoint/);
    const validation = await t.app.inject({
      method: "GET",
      url: "/api/admin/pairing-validation",
      headers: { cookie },
    });
    expect(validation.json().statusCounts.total).toBe(0);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/seed-users" });
    expect(anonymous.statusCode).toBe(401);
  });
});

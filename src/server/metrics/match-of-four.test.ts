import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { saveCompanySettings } from "../settings/company-settings";
import {
  createMatch,
  createPairing,
  createUser,
  createWhitelistedGroup,
  signInAdmin,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");

/**
 * Eight people at fours.test met in matches of four: in March (running) one four where only the
 * fourth member answered "Met My Match" and one nobody answered; in February (completed) one four
 * marked completed that all four missed, one met by a single member, and a pair marked completed.
 * Each match of four counts once, as one match and at most one chat, never once per member.
 */
describe("figures with matches of four", () => {
  let t: TestApp;
  let admin: string;
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    admin = await signInAdmin(t.db, {}, { now: NOW });
    await createWhitelistedGroup(t.db, { displayName: "Fours", domain: "fours.test" });
    const people = [];
    for (let i = 0; i < 8; i++) {
      people.push(await createUser(t.db, { email: `p${i}@fours.test`, department: "eng" }));
    }
    const [a, b, c, d, e, f, g, h] = people;
    const march = await createPairing(t.db, { month: "2027-03" });
    await createMatch(t.db, {
      members: [a, b, c, d],
      answers: [null, null, null, "met"],
      pairing: march,
    });
    await createMatch(t.db, { members: [e, f, g, h], pairing: march });
    const february = await createPairing(t.db, { month: "2027-02", status: "completed" });
    await createMatch(t.db, {
      members: [a, c, e, g],
      answers: ["skip", "skip", "skip", "skip"],
      pairing: february,
      status: "completed",
    });
    await createMatch(t.db, {
      members: [b, d, f, h],
      answers: ["skip", "met", "skip", null],
      pairing: february,
    });
    await createMatch(t.db, { members: [a, h], pairing: february, status: "completed" });
  });
  afterAll(() => t.close());

  it("counts each four once in the admin's open matches and chats that happened", async () => {
    const res = await get("/api/admin/stats", admin);
    expect(res.statusCode).toBe(200);
    // Active: March's running fours, whatever was answered. Completed chats: February's met four
    // and pair. Happened: those and March's met four (docs/admin-console.md, "The figures").
    expect(res.json()).toEqual({ activeMatches: 2, completedChats: 2, chatsHappened: 3 });
  });

  it("counts matches, chats and met rates per match in the monthly metrics", async () => {
    const res = await get("/api/admin/enhanced-metrics", admin);
    expect(res.statusCode).toBe(200);
    const { userMetrics, matchingMetrics } = res.json();
    expect(userMetrics).toMatchObject({ totalRegistered: 9, activeParticipants: 9 });
    expect(userMetrics.byDepartment.Engineering).toBe(8);
    expect(matchingMetrics.currentMonth).toEqual({
      month: "2027-03",
      totalMatches: 2,
      activeMatches: 2,
      completedMatches: 0,
      chatsHappened: 1,
    });
    expect(matchingMetrics.previousMonths.at(-1)).toEqual({
      month: "2027-02",
      successRate: 66.7,
      totalMatches: 3,
      completedMatches: 2,
      chatsHappened: 2,
    });
  });

  it("counts each person once on the landing page, however many matches they were in", async () => {
    // The landing page shows figures only once an admin turns them on (docs/matches.md).
    await saveCompanySettings(t.db, { name: "Fours", showPublicFigures: true });
    const res = await get("/api/public/figures");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ peopleTakingPart: 8, chatsHappened: 3 });
  });
});

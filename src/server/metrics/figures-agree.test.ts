import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchStats } from "../../shared/matches";
import { fixedClock } from "../clock";
import { getCompanySettings, saveCompanySettings } from "../settings/company-settings";
import { createCompanyWidePeople, signIn, signInAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const FEBRUARY = new Date("2027-02-10T10:00:00Z");
const MARCH = new Date("2027-03-10T10:00:00Z");

/**
 * One company, its numbers read from every page and endpoint that shows them: each figure has
 * one definition (src/server/metrics/figures.ts, src/shared/figure-definitions.ts), so every
 * reading agrees. February's pairing was generated, answered once and completed (its unanswered
 * matches close with it and count as chats, as the sample history's do); March's runs, and Ana
 * pressed Met My Match.
 */
describe("every page and endpoint shows the same numbers", () => {
  const clock = fixedClock(FEBRUARY);
  let t: TestApp;
  let admin: string;
  let people: Array<{ id: string; email: string }>;
  const get = async (url: string, cookie = admin) => {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  const send = async (method: "POST" | "PUT", url: string, cookie: string, payload = {}) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** Ana's match in the running pairing, answered "Met My Match" by her. */
  const metMyMatch = async (person: { id: string }) => {
    const cookie = await signIn(t.db, person, { now: clock.now() });
    const current = (await get("/api/matches/current", cookie)).json();
    await send("PUT", `/api/matches/${current.match.id}/connection-status`, cookie, {
      status: "confirmed",
    });
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // The first admin signs in with a password and never makes a profile: no employee.
    admin = await signInAdmin(t.db, { needsProfileSetup: true, department: null }, { now: MARCH });
    ({ people } = await createCompanyWidePeople(t.db, "figures.test", [
      "ana",
      "ben",
      "cy",
      "dee",
      "eve",
      "fay",
    ]));
    await saveCompanySettings(t.db, {
      ...(await getCompanySettings(t.db)),
      showPublicFigures: true,
    });
    const february = await send("POST", "/api/admin/generate-pairing", admin);
    await metMyMatch(people[1]);
    await send("POST", `/api/admin/complete-pairing/${february.pairingId}`, admin);
    clock.set(MARCH);
    await send("POST", "/api/admin/generate-pairing", admin);
    await metMyMatch(people[0]);
  });
  afterAll(() => t.close());

  it("agrees on people, active matches, completed chats, chats that happened and Coffee Chats", async () => {
    const stats = (await get("/api/admin/stats")).json();
    const metrics = (await get("/api/admin/enhanced-metrics")).json();
    const current = (await get("/api/admin/current-pairings")).json();
    const validation = (await get("/api/admin/pairing-validation")).json();
    const publicFigures = (await get("/api/public/figures")).json();
    const summary = (await get("/api/admin/employee-status-summary")).json();
    const userList = (await get("/api/admin/users")).json();
    const csv = (await get("/api/admin/current-pairings/csv")).body;
    const history = (await get("/api/admin/pairing-history")).json();
    const files = (await get("/api/admin/completed-pairing-files")).json();
    const file = (await get(`/completed_pairings/${files[0].fileName}`)).json();
    const month = metrics.matchingMetrics.currentMonth;
    const february = metrics.matchingMetrics.previousMonths.at(-1);

    // People: the six employees and boss@, an admin with a profile who opted out; never the
    // admin without a profile.
    expect(metrics.userMetrics.totalRegistered).toBe(7);
    expect(validation.statusCounts.total).toBe(metrics.userMetrics.totalRegistered);
    expect(metrics.userMetrics.activeParticipants).toBe(6);
    expect(metrics.userMetrics.optedOutUsers).toBe(validation.statusCounts.opted_out);
    expect(publicFigures.peopleTakingPart).toBe(validation.statusCounts.truly_active);
    expect(publicFigures.peopleTakingPart).toBe(6);
    // User Management and the Metrics tab's Employee status card count the same people; the card's
    // Ready to Pair is the same figure, and its employment rows add up to its total.
    expect(userList.counts.total).toBe(metrics.userMetrics.totalRegistered);
    expect(userList.counts.active).toBe(metrics.userMetrics.activeParticipants);
    expect(summary.totalEmployees).toBe(metrics.userMetrics.totalRegistered);
    expect(summary.availableForMatching).toBe(publicFigures.peopleTakingPart);
    expect(summary.activeEmployees + summary.onLeaveEmployees + summary.leftEmployees).toBe(
      summary.totalEmployees,
    );

    // Active matches: March's three, whatever Ana answered.
    expect(stats.activeMatches).toBe(3);
    expect(current.total).toBe(stats.activeMatches);
    expect(month.activeMatches).toBe(stats.activeMatches);
    expect(csv.trim().split("\n").length - 1).toBe(stats.activeMatches);

    // Completed chats: February's three, closed with their pairing (one answered Met, two never).
    expect(stats.completedChats).toBe(3);
    expect(february.completedMatches).toBe(stats.completedChats);
    expect(file.chats_happened).toBe(stats.completedChats);
    expect(history.pairings.find((p: { month: string }) => p.month === "2027-02").status).toBe(
      "completed",
    );

    // Chats that happened: February's three and Ana's.
    expect(stats.chatsHappened).toBe(4);
    expect(publicFigures.chatsHappened).toBe(stats.chatsHappened);
    expect(month.chatsHappened + february.chatsHappened).toBe(stats.chatsHappened);
    const [header, ...rows] = csv
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(","));
    const happenedColumn = header.indexOf("chat_happened");
    expect(rows.filter((row) => row[happenedColumn] === "Yes").length).toBe(month.chatsHappened);

    // Ana's Coffee Chats: February's (closed with its pairing) and March's, where she pressed Met.
    const ana = await signIn(t.db, people[0], { now: MARCH });
    const mine = (await get("/api/matches/current", ana)).json();
    const past = (await get("/api/matches/history", ana)).json();
    expect(matchStats(past, mine)).toEqual({ totalMatches: 2, coffeeChats: 2, newConnections: 2 });
  });
});

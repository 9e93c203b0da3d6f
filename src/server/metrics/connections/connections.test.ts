import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  createDepartment,
  createGroup,
  createGroupPairing,
  createMatch,
  createPairing,
  createUser,
  signIn,
  signInAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-04-20T09:00:00Z");

/**
 * Six people in Engineering, six in Sales, two in Ops. March: three chats Engineering–Sales,
 * one within Engineering, one within Sales (two people each), one Ops–Sales; April: two chats
 * Engineering–Ops (four people). Every match was marked completed. One group's pairing holds a
 * Sales–Sales chat that only that group's figures count.
 */
describe("GET /api/admin/metrics/connections", () => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  let groupId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    admin = await signInAdmin(t.db, {}, { now: NOW });
    await createDepartment(t.db, { name: "eng", displayName: "Engineering" });
    const many = async (department: string, n: number) => {
      const list = [];
      for (let i = 0; i < n; i++) list.push(await createUser(t.db, { department }));
      return list;
    };
    const [e1, e2, e3, e4, e5, e6] = await many("eng", 6);
    const [s1, s2, s3, s4, s5, s6] = await many("Sales", 6);
    const [o1, o2] = await many("Ops", 2);
    employee = await signIn(t.db, e1, { now: NOW });
    const march = await createPairing(t.db, { month: "2027-03" });
    const april = await createPairing(t.db, { month: "2027-04" });
    const done = { status: "completed" as const };
    for (const members of [
      [e1, s1],
      [e2, s2],
      [e3, s3],
      [e4, e5],
      [s5, s6],
      [o1, s4],
    ]) {
      await createMatch(t.db, { members, pairing: march, ...done });
    }
    await createMatch(t.db, { members: [e6, o2], pairing: april, ...done });
    await createMatch(t.db, { members: [e5, o1], pairing: april, ...done });
    // Matched but missed by both: a match made, not a chat.
    await createMatch(t.db, { members: [e2, s3], pairing: april, answers: ["skip", "skip"] });
    const group = await createGroup(t.db);
    groupId = group.id;
    const groupMarch = await createGroupPairing(t.db, group, { month: "2027-03" });
    await createMatch(t.db, { members: [s1, s2], pairing: groupMarch, ...done });
  }, 180_000);
  afterAll(() => t.close());

  const get = (query: string, cookie = admin) =>
    t.app.inject({
      method: "GET",
      url: `/api/admin/metrics/connections${query}`,
      headers: { cookie },
    });
  const setThreshold = (minCell: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/admin/metrics/connections/settings",
      headers: { cookie: admin, origin: "http://127.0.0.1:5000" },
      payload: { minCell },
    });

  it("hides every cell and department describing fewer than 5 people by default", async () => {
    const res = await get("?from=2027-03&to=2027-04");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.minCell).toBe(5);
    // Six people each in Engineering and Sales (the group's pairing included), two in Ops.
    expect(body.departments).toEqual(["Engineering", "Sales", "Ops"]);
    expect(body.met).toEqual([
      // Engineering–Engineering: two people; Engineering–Ops: four people.
      [null, 3, null],
      // Sales–Sales: s5–s6 and the group's s1–s2 (four people); Sales–Ops: two people.
      [3, null, null],
      [null, null, 0],
    ]);
    // The missed April match e2–s3 is a match made: Engineering–Sales has 4 matches, 6 people.
    expect(body.matched[0][1]).toBe(4);
    expect(body.matched[1][0]).toBe(4);
    // Nothing beside the map is made of a hidden cell (docs/privacy.md): a month's coverage
    // counts the pairs of cells shown (March: Engineering–Sales; Ops–Sales is hidden), and the
    // E-I index of a row with a hidden cell, for the period and by month, is hidden. Counted over
    // the cells shown, Engineering's and Sales's would read +1 with their own cells hidden.
    expect(body.eiIndex).toEqual({ Engineering: null, Sales: null, Ops: null });
    // April's one link (Engineering–Ops) is hidden, and about four people.
    expect(body.coverage).toEqual([
      { month: "2027-03", connected: 1, possible: 3 },
      { month: "2027-04", connected: null, possible: 3 },
    ]);
    for (const month of body.eiTrend) {
      expect(month.eiIndex).toEqual({ Engineering: null, Sales: null, Ops: null });
    }
    // Reach, the chats and their share are about 14 people: shown, whatever the map hides. The
    // bar of three people who met two colleagues is hidden, and with it the bar of eleven: the
    // 14 people matched would give it away otherwise. The median and 90th percentile would tell
    // how those 14 split between the two bars: hidden with them.
    expect(body.reach).toEqual({
      people: 14,
      median: null,
      p90: null,
      histogram: [0, null, null, 0, 0, 0, 0].map((people, i) => ({
        label: ["0", "1", "2", "3", "4", "5–9", "10+"][i],
        people,
      })),
    });
    // Six chats in March, the group's one and two in April; six of them across departments.
    expect(body.chats).toBe(9);
    expect(body.crossShare).toBeCloseTo(66.7, 0);
  });

  it("shows what the admin's lower threshold allows, and never below 3", async () => {
    expect((await setThreshold(2)).statusCode).toBe(400);
    expect((await setThreshold(2)).json().message).toBe("The threshold must be at least 3 people.");
    const saved = await setThreshold(3);
    expect(saved.json()).toEqual({ minCell: 3 });
    const body = (await get("?from=2027-03&to=2027-04")).json();
    expect(body.minCell).toBe(3);
    // Engineering–Ops (four people) would be shown, but Sales–Ops (two) is the one cell across
    // departments hidden: the chats across departments would give it away, so the smallest cell
    // beside it is hidden too.
    expect(body.met[0][2]).toBeNull();
    expect(body.met[0][1]).toBe(3);
    expect(body.met[0][0]).toBeNull();
    // Engineering's own cell and Ops–Sales stay hidden, so both rows' E-I indexes do too.
    expect(body.eiIndex).toMatchObject({ Engineering: null, Sales: null });
    // April alone: every cell of chats is shown; the map of matches hides the missed
    // Engineering–Sales match (two people).
    const april = (await get("?from=2027-04&to=2027-04")).json();
    expect(april.met).toEqual([
      [0, 2, 0],
      [2, 0, 0],
      [0, 0, 0],
    ]);
    expect(april.matched[0][2]).toBeNull();
    expect({ chats: april.chats, crossShare: april.crossShare }).toEqual({
      chats: 2,
      crossShare: 100,
    });
    // Every cell of April's chats is shown, so each E-I index is too: Engineering and Ops 2 out,
    // none in; Sales had no chat.
    expect(april.eiIndex).toEqual({ Engineering: 1, Ops: 1, Sales: null });
    // A month's E-I index is about the department's people who had a chat that month: two here.
    expect(april.eiTrend[0].eiIndex.Engineering).toBeNull();
    // Reach is about six people, over the threshold of three: shown.
    expect(april.reach.people).toBe(6);
    await setThreshold(5);
  });

  it("counts one domain group's pairings only when asked", async () => {
    const body = (await get(`?from=2027-03&to=2027-03&domainGroupId=${groupId}`)).json();
    expect(body.departments).toEqual(["Sales"]);
    expect(body.met).toEqual([[null]]);
    expect(body.chats).toBeNull();
  });

  it("takes this month and the five before it when no period is given", async () => {
    const body = (await get("")).json();
    expect([body.from, body.to]).toEqual(["2026-11", "2027-04"]);
    expect(body.coverage).toHaveLength(6);
  });

  it("names the months whose chats are still to come, by the server's clock and running pairings", async () => {
    // January's pairing is completed; February's, March's and April's run; it is April by the
    // clock, so May is still to come too.
    await createPairing(t.db, { month: "2027-01", status: "completed" });
    await createPairing(t.db, { month: "2027-02" });
    const every = (await get("?from=2026-12&to=2027-05")).json();
    expect(every.runningMonths).toEqual(["2027-02", "2027-03", "2027-04", "2027-05"]);
    // April's coverage is hidden (four people): hidden so far, the page says, not for good.
    const april = every.coverage.find((c: { month: string }) => c.month === "2027-04");
    expect(april.connected).toBeNull();
    // One group's: only its own running pairing (March) counts before this month.
    const group = (await get(`?from=2027-01&to=2027-04&domainGroupId=${groupId}`)).json();
    expect(group.runningMonths).toEqual(["2027-03", "2027-04"]);
    expect((await get("?from=2026-12&to=2027-01")).json().runningMonths).toEqual([]);
  });

  it.each([
    ["?from=2027-13&to=2027-14", "from must be a month written YYYY-MM, e.g. 2027-03."],
    ["?from=2027-04&to=2027-03", "from must be the same month as to or before it."],
    ["?from=2025-01&to=2027-03", "Choose a period of at most 24 months."],
    ["?from=2027-05", "from must be the same month as to or before it."],
    ["?domainGroupId=abc", "Expected an id (a whole number from 1 to 2147483647)"],
  ])("answers %s with 400 and a message", async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("is for admins only", async () => {
    expect((await get("", employee)).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/metrics/connections" })).statusCode).toBe(401);
  });
});

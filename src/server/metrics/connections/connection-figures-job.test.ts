import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { connectionFigures, domainGroups } from "../../db/schema";
import { connectionFiguresJob } from "../../jobs/definitions/connection-figures";
import { quietLogs } from "../../jobs/definitions/job-logs";
import { runDue } from "../../jobs/run-job";
import {
  createGroup,
  createMatch,
  createPairing,
  createUser,
  signInAdmin,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { claimStaleFigures, KEPT_OTHER_PERIODS } from "./stored-connection-figures";

const NOW = new Date("2027-04-20T09:00:00Z");
const MINUTE = 60_000;

/**
 * The Connections figures are counted off the request path (docs/performance.md, "Connections"):
 * a read answers the figures last counted at once, says when they are stale, and the
 * connection-figures job brings them up to date; the page's default views are counted before
 * anyone reads them.
 */
describe("connection figures counted in the background", () => {
  let t: TestApp;
  let admin: string;
  const clock = fixedClock(NOW);
  let people: { id: string }[];
  let march: { id: number; month: string };
  beforeAll(async () => {
    t = await createTestApp({ clock });
    admin = await signInAdmin(t.db, {}, { now: NOW });
    people = [];
    for (let i = 0; i < 12; i++) {
      people.push(await createUser(t.db, { department: i % 2 ? "Sales" : "Ops" }));
    }
    march = await createPairing(t.db, { month: "2027-03" });
    await chats(0, 2, 4);
  }, 180_000);
  afterAll(() => t.close());

  /** Completed chats in March of people `i` and `i + 1` (Ops and Sales) for each `i`. */
  const chats = async (...firsts: number[]) => {
    for (const i of firsts) {
      const members = [people[i], people[i + 1]];
      await createMatch(t.db, { members, pairing: march, status: "completed" });
    }
  };

  const get = async (query: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/metrics/connections${query}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const recount = () => runDue(connectionFiguresJob(t.ctx, quietLogs), { owner: "test-owner" });

  it("counts the page's default views and the year to this month, every pairing and each group, before anyone reads them", async () => {
    const group = await createGroup(t.db);
    await recount();
    clock.advance(MINUTE);
    // Counted by the job at NOW, not by this read a minute later.
    expect(await get("")).toMatchObject({
      from: "2026-11",
      to: "2027-04",
      stale: false,
      countedAt: NOW.toISOString(),
    });
    expect(await get(`?domainGroupId=${group.id}`)).toMatchObject({
      stale: false,
      countedAt: NOW.toISOString(),
    });
    // The year to this month, a leadership report's period, is counted too.
    expect(await get("?from=2026-05&to=2027-04")).toMatchObject({
      stale: false,
      countedAt: NOW.toISOString(),
    });
  });

  it("answers stale figures at once after a change, then the job's fresh count", async () => {
    clock.advance(MINUTE);
    const first = await get("?from=2027-03&to=2027-03");
    expect(first).toMatchObject({ chats: 3, stale: false, countedAt: clock.now().toISOString() });

    // Three more chats in March: the read answers what was counted, marked stale.
    await chats(6, 8, 10);
    clock.advance(MINUTE);
    const stale = await get("?from=2027-03&to=2027-03");
    expect(stale).toEqual({ ...first, stale: true });

    // The read asked for a recount; the job does it once the minute since the count has passed.
    clock.advance(MINUTE);
    const counted = clock.now().toISOString();
    await recount();
    clock.advance(MINUTE);
    const fresh = await get("?from=2027-03&to=2027-03");
    expect(fresh).toMatchObject({ chats: 6, stale: false, countedAt: counted });
    // Nothing stale is left: the next look finds nothing to do.
    expect(await recount()).toHaveLength(0);
  });

  it("recounts one key at a time across processes", async () => {
    clock.set(new Date(NOW.getTime() + 10 * MINUTE));
    await get("?from=2027-01&to=2027-03");
    await get("?from=2027-02&to=2027-03");
    await chats(1);
    await get("?from=2027-01&to=2027-03");
    await get("?from=2027-02&to=2027-03");
    clock.advance(2 * MINUTE);
    const claim = { leaseMs: 5 * MINUTE, now: clock.now(), gapMs: MINUTE };
    const period = [{ from: "2026-11", to: "2027-04" }];
    const first = await claimStaleFigures(t.db, { ...claim, owner: "process-a" }, period);
    expect(first).not.toBeNull();
    // The other stale key waits while process A's lease runs…
    expect(await claimStaleFigures(t.db, { ...claim, owner: "process-b" }, period)).toBeNull();
    // …and is taken once that lease ran out (process A died).
    clock.advance(6 * MINUTE);
    const later = { ...claim, now: clock.now(), owner: "process-b" };
    expect(await claimStaleFigures(t.db, later, period)).not.toBeNull();
  });

  const storedKeys = async () =>
    (
      await t.db
        .select({
          from: connectionFigures.fromMonth,
          to: connectionFigures.toMonth,
          group: connectionFigures.domainGroupId,
        })
        .from(connectionFigures)
    ).map((k) => `${k.from}..${k.to}#${k.group}`);

  it("keeps the default views and the most recently counted other periods only", async () => {
    clock.set(new Date(NOW.getTime() + 30 * MINUTE));
    const first = await get("?from=2027-03&to=2027-04");
    expect(first).toMatchObject({ stale: false, chats: 7 });
    // A script asking for one new period after another…
    const asked: string[] = [];
    for (let i = 0; i < KEPT_OTHER_PERIODS + 6; i++) {
      clock.advance(MINUTE);
      const month = `20${20 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
      await get(`?from=${month}&to=${month}`);
      asked.push(`${month}..${month}#0`);
    }
    // …leaves the default views and KEPT_OTHER_PERIODS others: the newest, never the first.
    const keys = await storedKeys();
    const defaults = ["2026-11..2027-04", "2026-05..2027-04"];
    const others = keys.filter((k) => !defaults.some((d) => k.startsWith(`${d}#`)));
    expect(others.length).toBeLessThanOrEqual(KEPT_OTHER_PERIODS);
    expect(others).toContain(asked.at(-1));
    expect(keys).not.toContain("2027-03..2027-04#0");
    for (const d of defaults) expect(keys).toContain(`${d}#0`);
    // A dropped period read again is counted again, the same figures.
    clock.advance(MINUTE);
    const again = await get("?from=2027-03&to=2027-04");
    expect(again).toEqual({ ...first, countedAt: clock.now().toISOString() });
  });

  it("refuses a domain group that does not exist and keeps nothing for it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/metrics/connections?domainGroupId=987654",
      headers: { cookie: admin },
    });
    expect({ status: res.statusCode, ...res.json() }).toMatchObject({
      status: 404,
      message:
        "There is no domain group 987654: choose one of the groups on the page, or every pairing.",
    });
    expect((await storedKeys()).filter((k) => k.endsWith("#987654"))).toEqual([]);
  });

  it("drops the figures of a domain group once it is deleted", async () => {
    const group = await createGroup(t.db);
    clock.advance(MINUTE);
    await get(`?from=2027-01&to=2027-01&domainGroupId=${group.id}`);
    expect((await storedKeys()).filter((k) => k.endsWith(`#${group.id}`))).not.toEqual([]);
    await t.db.delete(domainGroups).where(eq(domainGroups.id, group.id));
    clock.advance(MINUTE);
    await get("?from=2019-01&to=2019-01");
    expect((await storedKeys()).filter((k) => k.endsWith(`#${group.id}`))).toEqual([]);
  });
});

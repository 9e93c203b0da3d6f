import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matchBusyTimes, matches } from "../db/schema";
import { deleteExpired } from "../privacy/retention/clean-expired";
import { createAdmin, createRunningCompany } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { type BusyRead, type BusyTimesProvider, CalendarReadError } from "./busy-times-provider";
import { readMatchBusyTimes } from "./match-busy-times";

const clock = fixedClock("2027-03-10T09:00:00Z");
const from = new Date("2027-03-11T00:00:00Z");
const to = new Date("2027-03-25T00:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A calendar service holding busy time for some addresses (the services have their own tests). */
function calendarHolding(busy: Record<string, Array<[string, string]>>): BusyTimesProvider {
  return {
    name: "Test calendar",
    async busyTimes(emails) {
      return new Map(
        emails
          .filter((email) => busy[email])
          .map((email) => [
            email,
            busy[email].map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
          ]),
      );
    },
  };
}

const failing: BusyTimesProvider = {
  name: "Down",
  busyTimes: async () => {
    throw new CalendarReadError("The CalDAV server could not be reached: ECONNREFUSED");
  },
};

const iso = (list: Array<{ start: Date; end: Date }> | undefined) =>
  (list ?? []).map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);

describe("a match's busy times", () => {
  it("keeps each member's busy instants while the match runs; a member without a calendar has none", async () => {
    const company = await createRunningCompany(t.db);
    const ana = await company.person("Ana");
    const bo = await company.person("Bo");
    const match = await company.match(ana, bo);
    const calendar = calendarHolding({
      [ana.email]: [["2027-03-12T09:00:00.000Z", "2027-03-12T10:00:00.000Z"]],
    });
    const read = await readMatchBusyTimes(t.ctx, match.id, from, to, calendar);
    expect(read.problem).toBeUndefined();
    expect([...read.busy.keys()]).toEqual([ana.id]);
    expect(iso(read.busy.get(ana.id))).toEqual([
      "2027-03-12T09:00:00.000Z/2027-03-12T10:00:00.000Z",
    ]);
    const rows = await t.db
      .select()
      .from(matchBusyTimes)
      .where(eq(matchBusyTimes.matchId, match.id));
    expect(rows).toEqual([
      {
        matchId: match.id,
        userId: ana.id,
        busy: [["2027-03-12T09:00:00.000Z", "2027-03-12T10:00:00.000Z"]],
        readFrom: from,
        readTo: to,
        readAt: clock.now(),
      },
    ]);
  });

  it("answers what was kept, and why, when the calendar cannot be read", async () => {
    const company = await createRunningCompany(t.db);
    const ana = await company.person("Ana");
    const match = await company.match(ana, await company.person("Bo"));
    const calendar = calendarHolding({
      [ana.email]: [["2027-03-15T13:00:00.000Z", "2027-03-15T14:00:00.000Z"]],
    });
    await readMatchBusyTimes(t.ctx, match.id, from, to, calendar);
    const read = await readMatchBusyTimes(t.ctx, match.id, from, to, failing);
    expect(read.problem).toBe("The CalDAV server could not be reached: ECONNREFUSED");
    expect(iso(read.busy.get(ana.id))).toEqual([
      "2027-03-15T13:00:00.000Z/2027-03-15T14:00:00.000Z",
    ]);
  });

  it("keeps no busy time for a member whose calendar is unreadable, and says why", async () => {
    const company = await createRunningCompany(t.db);
    const ana = await company.person("Ana");
    const bo = await company.person("Bo");
    const match = await company.match(ana, bo);
    const calendar = calendarHolding({
      [ana.email]: [["2027-03-15T13:00:00.000Z", "2027-03-15T14:00:00.000Z"]],
      [bo.email]: [["2027-03-16T13:00:00.000Z", "2027-03-16T14:00:00.000Z"]],
    });
    await readMatchBusyTimes(t.ctx, match.id, from, to, calendar);
    const reason = "it was not read within 5 s";
    const unreadable: BusyTimesProvider = {
      name: "CalDAV",
      async busyTimes(emails, f, u) {
        const read: BusyRead = await calendar.busyTimes(emails, f, u);
        read.set(bo.email, []);
        read.unreadable = new Map([[bo.email, reason]]);
        return read;
      },
    };
    const read = await readMatchBusyTimes(t.ctx, match.id, from, to, unreadable);
    expect(read.problem).toBe(`A calendar is unreadable: ${reason}`);
    expect(iso(read.busy.get(ana.id))).toEqual([
      "2027-03-15T13:00:00.000Z/2027-03-15T14:00:00.000Z",
    ]);
    // Working hours alone, kept like any read, so the next 15 minutes do not read it again.
    expect(read.busy.get(bo.id)).toEqual([]);
  });

  it("reads nothing without a connected calendar", async () => {
    const company = await createRunningCompany(t.db);
    const match = await company.match(await company.person("Ana"), await company.person("Bo"));
    const read = await readMatchBusyTimes(t.ctx, match.id, from, to);
    expect(read).toEqual({ busy: new Map() });
  });

  it("forgets them once the match has completed, and only then", async () => {
    const company = await createRunningCompany(t.db);
    const ana = await company.person("Ana");
    const running = await company.match(ana, await company.person("Bo"));
    const ended = await company.match(await company.person("Cy"), await company.person("Di"));
    const everyone = calendarHolding(
      Object.fromEntries(
        [ana.email, `bo@${company.domain}`, `cy@${company.domain}`, `di@${company.domain}`].map(
          (e) => [e, [["2027-03-12T09:00:00.000Z", "2027-03-12T10:00:00.000Z"]]],
        ),
      ),
    );
    await readMatchBusyTimes(t.ctx, running.id, from, to, everyone);
    await readMatchBusyTimes(t.ctx, ended.id, from, to, everyone);
    await t.db.update(matches).set({ status: "completed" }).where(eq(matches.id, ended.id));
    await deleteExpired(t.db, clock.now());
    const left = await t.db.select({ matchId: matchBusyTimes.matchId }).from(matchBusyTimes);
    expect(left.filter((r) => r.matchId === ended.id)).toEqual([]);
    expect(left.filter((r) => r.matchId === running.id)).toHaveLength(2);
  });

  it("are in the person's data export and gone when the person is erased, leaving the partners'", async () => {
    const company = await createRunningCompany(t.db);
    const ana = await company.person("Ana");
    const bo = await company.person("Bo");
    const match = await company.match(ana, bo, await company.person("Cy"));
    const both = calendarHolding({
      [ana.email]: [["2027-03-12T09:00:00.000Z", "2027-03-12T10:00:00.000Z"]],
      [bo.email]: [["2027-03-16T09:00:00.000Z", "2027-03-16T09:30:00.000Z"]],
    });
    await readMatchBusyTimes(t.ctx, match.id, from, to, both);
    const data = (await t.as(ana).get("/api/profile/data")).json();
    expect(data.busyTimes).toEqual([
      {
        matchId: match.id,
        busy: [["2027-03-12T09:00:00.000Z", "2027-03-12T10:00:00.000Z"]],
        readFrom: from.toISOString(),
        readTo: to.toISOString(),
        readAt: clock.now().toISOString(),
      },
    ]);
    const admin = await createAdmin(t.db);
    const erased = await t
      .as(admin)
      .post(`/api/admin/users/${ana.id}/erase`, { confirmEmail: ana.email });
    expect(erased.statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(matchBusyTimes)
      .where(eq(matchBusyTimes.matchId, match.id));
    expect(left.map((r) => r.userId)).toEqual([bo.id]);
  });
});

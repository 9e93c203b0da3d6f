import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adoptDirectoryTimeZone } from "../auth/directory-time-zone";
import { fixedClock } from "../clock";
import { matches, pairings, users } from "../db/schema";
import { erasePerson } from "../privacy/erase-person";
import {
  allowEmail,
  createGroup,
  createMatch,
  createPairing,
  createUser,
  signInAdmin,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-01-11T08:00:00Z");
let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW), env: { MIN_OVERLAP_MINUTES: "90" } });
  admin = t.as(await signInAdmin(t.db, { email: "boss@hours.test" }, { now: NOW }));
  await allowEmail(t.db, "*@hours.test");
});
afterAll(() => t.close());

const HOURS = "/api/profile/working-hours";
const monday = (start: string, end: string) => [{ day: 1, start, end }];

describe("a person's time zone and working hours", () => {
  it("follows the company until set, then keeps the person's own and marks the zone confirmed", async () => {
    const me = t.as(await createUser(t.db, { email: "ana@hours.test" }));
    const before = (await me.get(HOURS)).json();
    expect(before).toMatchObject({
      timeZone: "UTC",
      ownTimeZone: false,
      ownHours: false,
      timeZoneConfirmed: false,
      workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
    });
    const saved = await me.put(HOURS, {
      timeZone: "Europe/Berlin",
      workingHours: [
        { day: 2, start: "10:00", end: "16:00" },
        { day: 1, start: "08:30", end: "12:00" },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      timeZone: "Europe/Berlin",
      ownTimeZone: true,
      ownHours: true,
      timeZoneConfirmed: true,
      workingHours: [
        { day: 1, start: "08:30", end: "12:00" },
        { day: 2, start: "10:00", end: "16:00" },
      ],
    });
  });

  it("refuses an unknown zone and hours that end before they start with a message", async () => {
    const me = t.as(await createUser(t.db, { email: "bo@hours.test" }));
    const zone = await me.put(HOURS, { timeZone: "Mars/Olympus", workingHours: null });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/time zone such as Europe\/Berlin/);
    const offset = await me.put(HOURS, { timeZone: "+05:00", workingHours: null });
    expect(offset.statusCode).toBe(400);
    const hours = await me.put(HOURS, { timeZone: "UTC", workingHours: monday("17:00", "09:00") });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().message).toMatch(/Monday's hours must end after they start/);
  });

  it("takes the directory's zone only until the person confirms one", async () => {
    const user = await createUser(t.db, { email: "cy@hours.test" });
    await adoptDirectoryTimeZone(t.db, user.id, "Asia/Kolkata");
    await adoptDirectoryTimeZone(t.db, user.id, "not a zone");
    expect((await t.as(user).get(HOURS)).json()).toMatchObject({
      timeZone: "Asia/Kolkata",
      timeZoneConfirmed: false,
    });
    await t.as(user).put(HOURS, { timeZone: "Europe/Lisbon", workingHours: null });
    await adoptDirectoryTimeZone(t.db, user.id, "Asia/Tokyo");
    expect((await t.as(user).get(HOURS)).json().timeZone).toBe("Europe/Lisbon");
  });

  it("is in the data export and gone after erasure", async () => {
    const user = await createUser(t.db, { email: "dee@hours.test" });
    await t
      .as(user)
      .put(HOURS, { timeZone: "Australia/Sydney", workingHours: monday("09:00", "17:00") });
    const data = (await t.as(user).get("/api/profile/data")).json();
    expect(data.profile).toMatchObject({
      timeZone: "Australia/Sydney",
      timeZoneConfirmed: true,
      workingHours: monday("09:00", "17:00"),
    });
    await erasePerson(t.ctx, user.id, "themself");
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([row.timeZone, row.workingHours, row.timeZoneConfirmed]).toEqual([null, null, false]);
  });
});

describe("the company's default hours", () => {
  it("an admin sets them; an employee cannot", async () => {
    const employee = t.as(await createUser(t.db, { email: "eve@hours.test" }));
    const path = "/api/admin/rounds/working-hours";
    expect((await employee.put(path, { workingHours: monday("08:00", "16:00") })).statusCode).toBe(
      403,
    );
    const bad = await admin.put(path, { workingHours: [{ day: 9, start: "08:00", end: "16:00" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/day from 1 \(Monday\) to 7/);
    const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: "08:00", end: "16:00" }));
    expect((await admin.put(path, { workingHours: weekdays })).statusCode).toBe(200);
    expect((await admin.get(path)).json()).toEqual({ workingHours: weekdays, timeZone: "UTC" });
    const fresh = t.as(await createUser(t.db, { email: "fay@hours.test" }));
    expect((await fresh.get(HOURS)).json().workingHours).toEqual(weekdays);
    await admin.put(path, {
      workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
    });
  });
});

describe("a match's time zones", () => {
  it("shows each member's zone and hours to the members only", async () => {
    const a = await createUser(t.db, { email: "gil@hours.test", timeZone: "America/New_York" });
    const b = await createUser(t.db, { email: "hal@hours.test" });
    const stranger = await createUser(t.db, { email: "ivy@hours.test" });
    const pairing = await createPairing(t.db, { month: "2027-01" });
    const match = await createMatch(t.db, { members: [a, b], pairing });
    const res = await t.as(b).get(`/api/matches/${match.id}/time-zones`);
    expect(res.statusCode).toBe(200);
    expect(res.json().members.map((m: { timeZone: string }) => m.timeZone)).toEqual([
      "America/New_York",
      "UTC",
    ]);
    expect((await t.as(stranger).get(`/api/matches/${match.id}/time-zones`)).statusCode).toBe(404);
  });

  it("says whether the reader has confirmed their own zone, as the Profile's question does", async () => {
    const a = await createUser(t.db, { email: "lia@hours.test", timeZone: "Asia/Kolkata" });
    const b = await createUser(t.db, { email: "max@hours.test", timeZone: "Europe/Berlin" });
    const match = await createMatch(t.db, {
      members: [a, b],
      pairing: await createPairing(t.db, { month: "2027-01" }),
    });
    const path = `/api/matches/${match.id}/time-zones`;
    expect((await t.as(a).get(HOURS)).json().timeZoneConfirmed).toBe(false);
    expect((await t.as(a).get(path)).json().yourTimeZoneConfirmed).toBe(false);
    const confirmed = await t.as(a).put(HOURS, { timeZone: "Asia/Kolkata", workingHours: null });
    expect(confirmed.statusCode).toBe(200);
    expect((await t.as(a).get(path)).json().yourTimeZoneConfirmed).toBe(true);
    // Each reader's own: the partner's stays unconfirmed.
    expect((await t.as(b).get(path)).json().yourTimeZoneConfirmed).toBe(false);
  });

  it.each([
    ["the match is completed", "match"],
    ["its pairing is completed", "pairing"],
  ] as const)("answers 409 with a message once %s", async (_when, what) => {
    const a = await createUser(t.db, { email: `jo-${what}@hours.test`, timeZone: "Asia/Tokyo" });
    const b = await createUser(t.db, { email: `kit-${what}@hours.test` });
    const pairing = await createPairing(t.db, { month: "2027-01" });
    const match = await createMatch(t.db, { members: [a, b], pairing });
    const path = `/api/matches/${match.id}/time-zones`;
    expect((await t.as(b).get(path)).statusCode).toBe(200);
    if (what === "match") {
      await t.db.update(matches).set({ status: "completed" }).where(eq(matches.id, match.id));
    } else {
      await t.db.update(pairings).set({ status: "completed" }).where(eq(pairings.id, pairing.id));
    }
    const after = await t.as(b).get(path);
    expect({ status: after.statusCode, ...after.json() }).toEqual({
      status: 409,
      code: "match_ended",
      message:
        "This match has ended, so its members' time zones and working hours are no longer shown.",
    });
    expect(after.body).not.toContain("Asia/Tokyo");
  });
});

describe("generating a pairing with zones and hours", () => {
  it("leaves out a Berlin–San Francisco pair with 60 shared minutes when 90 are needed, with the reason", async () => {
    const group = await createGroup(t.db, { name: "zones", displayName: "Zones" });
    await allowEmail(t.db, "*@zones.test", group.id);
    // Mondays only: 30 minutes a Monday, two Mondays in the two weeks from 11 January.
    await createUser(t.db, {
      email: "ana@zones.test",
      department: "sales",
      timeZone: "Europe/Berlin",
      workingHours: monday("09:00", "17:30"),
    });
    await createUser(t.db, {
      email: "bo@zones.test",
      department: "legal",
      timeZone: "America/Los_Angeles",
      workingHours: monday("08:00", "16:00"),
    });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/No pairs could be made/);
    const [row] = await t.db.select().from(pairings).where(eq(pairings.domainGroupId, group.id));
    expect(row).toBeUndefined();
  });
});

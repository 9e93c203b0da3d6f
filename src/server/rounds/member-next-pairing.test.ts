import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowEmail, createAdmin, createGroup, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// Monday 5 April 2027 is April's first Monday; May's is Monday 3 May.
const clock = fixedClock("2027-04-04T12:00:00Z");
let t: TestApp;
let boss: { id: string };
let loner: { id: string };
let labber: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  boss = await createAdmin(t.db, { email: "boss@hq.test", participationStatus: "opted_out" });
  await allowEmail(t.db, "*@hq.test");
  loner = await createUser(t.db, { email: "loner@hq.test" });
  const labs = await createGroup(t.db, { displayName: "Labs" });
  await allowEmail(t.db, "*@labs.test", labs.id);
  labber = await createUser(t.db, { email: "ann@labs.test" });
  // Labs pairs on the third Wednesday of each month.
  const saved = await t.as(boss).put(`/api/admin/rounds/settings/${labs.id}`, {
    schedule: { type: "nth-weekday", nth: 3, weekday: 3 },
    reviewDays: 3,
    checkInDays: 7,
    auto: true,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

const nextOf = async (who: { id: string }) => (await t.as(who).get("/api/next-pairing")).json();
const setZone = async (timeZone: string) => {
  const res = await t.as(boss).put("/api/admin/rounds/time-zone", { timeZone });
  expect(res.statusCode).toBe(200);
};

describe("GET /api/next-pairing for a member", () => {
  it("shows the member's own group's pairing day, and the company's to someone in no group", async () => {
    clock.set("2027-04-04T12:00:00Z");
    await setZone("UTC");
    expect(await nextOf(loner)).toEqual({ date: "Monday, April 5, 2027", iso: "2027-04-05" });
    expect(await nextOf(labber)).toEqual({
      date: "Wednesday, April 21, 2027",
      iso: "2027-04-21",
    });
  });

  it("reads today in the company's time zone, east of UTC", async () => {
    // 12:00 UTC on Sunday 4 April is already Monday 5 April, 00:00, in Auckland (UTC+12):
    // the pairing day is today there, so the next one is in May.
    clock.set("2027-04-04T12:00:00Z");
    await setZone("Pacific/Auckland");
    expect((await nextOf(loner)).iso).toBe("2027-05-03");
    await setZone("UTC");
    expect((await nextOf(loner)).iso).toBe("2027-04-05");
  });

  it("reads today in the company's time zone, west of UTC", async () => {
    // 03:00 UTC on Monday 5 April is still Sunday evening in Los Angeles.
    clock.set("2027-04-05T03:00:00Z");
    await setZone("UTC");
    expect((await nextOf(loner)).iso).toBe("2027-05-03");
    await setZone("America/Los_Angeles");
    expect((await nextOf(loner)).iso).toBe("2027-04-05");
    await setZone("UTC");
  });

  it("skips a month its round already paired by hand before the pairing day", async () => {
    clock.set("2027-06-02T12:00:00Z");
    await setZone("UTC");
    // June's first Monday is 7 June; July's is 5 July.
    expect((await nextOf(loner)).iso).toBe("2027-06-07");
    await createPairing(t.db, { scopeKey: "all", month: "2027-06" });
    expect(await nextOf(loner)).toEqual({ date: "Monday, July 5, 2027", iso: "2027-07-05" });
    // Another round's month does not count for this member.
    expect((await nextOf(labber)).iso).toBe("2027-06-16");
  });
});

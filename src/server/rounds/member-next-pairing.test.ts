import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { stillInQuestions } from "../db/schema";
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

// Before the tests below pair June 2027 by hand: these people are back in June.
describe("GET /api/next-pairing for someone left out of the next pairing", () => {
  // April's draft is on 2 April, May's on 30 April, June's on 4 June (three review days).
  const person = (fields: Parameters<typeof createUser>[1]) =>
    createUser(t.db, { email: `p${Math.random().toString(36).slice(2)}@hq.test`, ...fields });

  it("gives the first pairing after a pause, judged on the draft day", async () => {
    clock.set("2027-04-04T12:00:00Z");
    await setZone("UTC");
    const paused = await person({ participationStatus: "paused", pauseEndDate: "2027-05-15" });
    expect(await nextOf(paused)).toEqual({
      date: "Monday, June 7, 2027",
      iso: "2027-06-07",
      away: "paused",
    });
    // Back on 3 April, after April's draft on the 2nd: not in April's pairing on the 5th.
    const late = await person({ participationStatus: "paused", pauseEndDate: "2027-04-03" });
    expect(await nextOf(late)).toMatchObject({ iso: "2027-05-03", away: "paused" });
    const open = await person({ participationStatus: "paused", pauseEndDate: null });
    expect(await nextOf(open)).toEqual({ date: null, iso: null, away: "paused" });
  });

  it("says skipping next month, opted out and on leave apart", async () => {
    clock.set("2027-04-04T12:00:00Z");
    const skipper = await person({});
    expect(
      (await t.as(skipper).put("/api/participation", { action: "skip_next" })).statusCode,
    ).toBe(200);
    expect(await nextOf(skipper)).toMatchObject({ iso: "2027-06-07", away: "skipping" });
    const out = await person({ participationStatus: "opted_out" });
    expect(await nextOf(out)).toEqual({ date: null, iso: null, away: "opted_out" });
    const leave = { employeeStatus: "on_leave", leaveStartDate: "2027-03-01" } as const;
    const back = await person({ ...leave, leaveEndDate: "2027-05-10" });
    expect(await nextOf(back)).toMatchObject({ iso: "2027-06-07", away: "on_leave" });
    const gone = await person({ ...leave, leaveEndDate: null });
    expect(await nextOf(gone)).toEqual({ date: null, iso: null, away: "on_leave" });
  });

  it("promises nothing to someone asked if still in until they answer", async () => {
    clock.set("2027-04-04T12:00:00Z");
    const quiet = await person({});
    const [asked] = await t.db
      .insert(stillInQuestions)
      .values({ userId: quiet.id, scopeKey: "all", silentMonths: [], askedAt: clock.now() })
      .returning();
    expect(await nextOf(quiet)).toEqual({ date: null, iso: null, away: "asked_if_still_in" });
    // A pause that ends does not bring them back either: the open question still leaves them out.
    const pausedToo = await person({ participationStatus: "paused", pauseEndDate: "2027-05-15" });
    await t.db
      .insert(stillInQuestions)
      .values({ userId: pausedToo.id, scopeKey: "all", silentMonths: [], askedAt: clock.now() });
    expect(await nextOf(pausedToo)).toMatchObject({ iso: null, away: "asked_if_still_in" });
    await t.db
      .update(stillInQuestions)
      .set({ choice: "stay_in", answeredAt: clock.now() })
      .where(eq(stillInQuestions.id, asked.id));
    expect(await nextOf(quiet)).toEqual({
      date: "Monday, April 5, 2027",
      iso: "2027-04-05",
      away: null,
    });
  });
});

describe("GET /api/next-pairing for a member", () => {
  it("shows the member's own group's pairing day, and the company's to someone in no group", async () => {
    clock.set("2027-04-04T12:00:00Z");
    await setZone("UTC");
    expect(await nextOf(loner)).toEqual({
      date: "Monday, April 5, 2027",
      iso: "2027-04-05",
      away: null,
    });
    expect(await nextOf(labber)).toEqual({
      date: "Wednesday, April 21, 2027",
      iso: "2027-04-21",
      away: null,
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
    expect(await nextOf(loner)).toEqual({
      date: "Monday, July 5, 2027",
      iso: "2027-07-05",
      away: null,
    });
    // Another round's month does not count for this member.
    expect((await nextOf(labber)).iso).toBe("2027-06-16");
  });
});

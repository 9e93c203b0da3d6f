import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { utcDayOf } from "../dates/month-dates";
import { listEligibleUsers } from "../pairings/scope/eligibility";
import { roundDates } from "../rounds/round-dates";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createRunningCompany,
  createUser,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// Sunday 31 January 2027: the February round's review window (from 29 January) is open, so the
// next round is March's (pairing day Monday 1 March) and the one after it April's (5 April).
const NOW = "2027-01-31T10:00:00Z";
const rule = {
  schedule: { type: "nth-weekday", nth: 1, weekday: 1 } as const,
  reviewDays: 3,
  checkInDays: 7,
  timeZone: "UTC",
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  await allowEmail(t.db, "*@skip.test");
});
afterAll(() => t.close());

const eligibleOn = async (day: string) =>
  (await listEligibleUsers(t.db, { kind: "all" }, day)).map((u) => u.id);

describe("skip next month", () => {
  it("pauses until the day before the draft of the round after next: left out of March, back for April", async () => {
    const me = await createUser(t.db, { email: "sky@skip.test" });
    const res = await t.as(me).put("/api/participation", { action: "skip_next" });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      participationStatus: "paused",
      pauseStartDate: "2027-01-31",
      pauseEndDate: "2027-04-01",
      pauseReason: "skip_next_round",
    });
    expect(await eligibleOn(utcDayOf(roundDates("2027-03", rule).draftAt))).not.toContain(me.id);
    expect(await eligibleOn(utcDayOf(roundDates("2027-04", rule).draftAt))).toContain(me.id);
  });

  it("keeps this month's match: the partner is not left alone, and neither is away from it", async () => {
    const acme = await createRunningCompany(t.db, { name: "Skippers", month: "2027-01" });
    const [ada, bob] = [await acme.person("Ada"), await acme.person("Bob")];
    await createMatch(t.db, { members: [ada, bob], pairing: acme.pairing });
    expect((await t.as(bob).put("/api/participation", { action: "skip_next" })).statusCode).toBe(
      200,
    );
    const admin = t.as(await createAdmin(t.db, { email: "boss@skip.test" }));
    const list = async (query: string) =>
      (await admin.get(`/api/admin/current-pairings?pairingId=${acme.pairing.id}${query}`)).json();
    expect((await list("&status=alone")).total).toBe(0);
    expect((await list("&status=away")).total).toBe(0);
    const [match] = (await list("")).matchesByPairing[String(acme.pairing.id)];
    expect(match.members.map((m: { away?: string }) => m.away ?? null)).toEqual([null, null]);
    expect(match.aloneUserId).toBeUndefined();
    const rePair = await admin.post(`/api/admin/pairings/${acme.pairing.id}/re-pair`, {
      userId: ada.id,
    });
    expect(rePair.statusCode).toBe(409);
  });

  it("is refused while already paused", async () => {
    const me = await createUser(t.db, {
      email: "pat@skip.test",
      participationStatus: "paused",
      pauseStartDate: "2027-01-01",
      pauseEndDate: "2027-02-01",
    });
    const res = await t.as(me).put("/api/participation", { action: "skip_next" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already paused/);
  });
});

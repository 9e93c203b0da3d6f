import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { createMatch, createPairing, createUser, signInAdmin } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");

describe("pairing report", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
    cookie = await signInAdmin(t.db, {}, { now: NOW });
  });
  afterAll(() => t.close());

  it("flags repeated pairs, double bookings and members no longer ready, and averages quality", async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    const gone = await createUser(t.db, { participationStatus: "opted_out" });
    const earlier = await createPairing(t.db, {
      month: "2027-01",
      status: "completed",
      stats: { qualityScore: 80 },
    });
    await createMatch(t.db, { members: [a, b], pairing: earlier });
    const now = await createPairing(t.db, {
      name: "March 2027 — All Users",
      month: "2027-03",
      stats: { qualityScore: 61 },
    });
    await createMatch(t.db, { members: [a, b], pairing: now });
    await createMatch(t.db, { members: [c, a], pairing: now });
    await createMatch(t.db, { members: [gone, c], pairing: now });

    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/pairing-report",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.averageQualityScore).toBe(70.5);
    expect(body.recentPairings.map((p: { id: number }) => p.id)).toEqual([now.id, earlier.id]);
    expect(body.validationIssues).toEqual([
      expect.objectContaining({ pairingId: now.id, kind: "double-booked" }),
      expect.objectContaining({
        pairingId: now.id,
        kind: "repeat-pair",
        message: "1 pair in March 2027 — All Users already met within the last 3 months.",
      }),
      expect.objectContaining({ pairingId: now.id, kind: "ineligible-member" }),
    ]);
  });
});

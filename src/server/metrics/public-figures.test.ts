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
const clock = fixedClock(NOW);

/**
 * A small company at figures.test: four people the next pairing would pair, and one each who is
 * paused, opted out, on leave, deactivated, pending their profile or not on the whitelist.
 */
describe("GET /api/public/figures", () => {
  let t: TestApp;
  const get = (cookie?: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/public/figures",
      headers: cookie ? { cookie } : {},
    });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await saveCompanySettings(t.db, { name: "Figures", showPublicFigures: true });
    await createWhitelistedGroup(t.db, { displayName: "Figures", domain: "figures.test" });
    const at = (name: string) => `${name}@figures.test`;
    const [a, b, c, d] = [
      await createUser(t.db, { email: at("a") }),
      await createUser(t.db, { email: at("b") }),
      await createUser(t.db, { email: at("c") }),
      await createUser(t.db, { email: at("d") }),
    ];
    await createUser(t.db, { email: at("paused"), participationStatus: "paused" });
    await createUser(t.db, { email: at("gone"), participationStatus: "opted_out" });
    await createUser(t.db, { email: at("away"), leaveStartDate: "2027-03-01" });
    await createUser(t.db, { email: at("off"), isActive: false });
    await createUser(t.db, { email: at("new"), needsProfileSetup: true });
    await createUser(t.db, { email: "stranger@elsewhere.test" });
    const march = await createPairing(t.db, { month: "2027-03" });
    // Met by one member: happened. Marked completed: happened. Missed by both although
    // completed: did not. Not answered: not yet.
    await createMatch(t.db, { members: [a, b], answers: [null, "met"], pairing: march });
    await createMatch(t.db, { members: [c, d], pairing: march, status: "completed" });
    await createMatch(t.db, {
      members: [a, c],
      answers: ["skip", "skip"],
      month: "2027-02",
      status: "completed",
    });
    await createMatch(t.db, { members: [b, d], month: "2027-01" });
  });
  afterAll(() => t.close());

  it("counts the people the next pairing would pair and the chats that happened, without a sign-in", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ peopleTakingPart: 4, chatsHappened: 2 });
  });

  it("lets browsers and proxies keep the answer for five minutes", async () => {
    const res = await get();
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("answers the same to a signed-in admin, whose session it never reads", async () => {
    const cookie = await signInAdmin(t.db, {}, { now: NOW });
    expect((await get(cookie)).json()).toEqual({ peopleTakingPart: 4, chatsHappened: 2 });
  });

  it("keeps its count for five minutes, then counts again", async () => {
    const [e, f] = [
      await createUser(t.db, { email: "e@figures.test" }),
      await createUser(t.db, { email: "f@figures.test" }),
    ];
    await createMatch(t.db, {
      members: [e, f],
      answers: ["met", null],
      month: "2027-03",
    });
    clock.advance(299_000);
    expect((await get()).json()).toEqual({ peopleTakingPart: 4, chatsHappened: 2 });
    clock.advance(2_000);
    expect((await get()).json()).toEqual({ peopleTakingPart: 6, chatsHappened: 3 });
  });
});

describe("GET /api/public/figures on a company that did not turn them on", () => {
  it("claims nothing: zeros, which the landing page does not show", async () => {
    const t = await createTestApp({ clock: fixedClock(NOW) });
    try {
      await createWhitelistedGroup(t.db, { displayName: "Quiet", domain: "quiet.test" });
      const [a, b] = [
        await createUser(t.db, { email: "a@quiet.test" }),
        await createUser(t.db, { email: "b@quiet.test" }),
      ];
      await createMatch(t.db, { members: [a, b], answers: ["met", "met"] });
      const res = await t.get("/api/public/figures");
      expect(res.json()).toEqual({ peopleTakingPart: 0, chatsHappened: 0 });
    } finally {
      await t.close();
    }
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { pairings, roundDrafts, roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { deliverQueued } from "../test/deliveries";
import { createCompanyWidePeople, createPairing } from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * The March 2027 round, company-wide, with the defaults: pairing day Monday 1 March, draft on
 * Friday 26 February, check-in on 8 March, reminder on 15 March, all at 09:00 UTC. Each test
 * starts from an empty install and runs the steps before the one it checks.
 */
const FIRST_LOOK = "2027-02-20T00:00:00Z";
const DRAFT = "2027-02-26T09:00:00Z";
const PUBLISH = "2027-03-01T09:00:00Z";
const CHECK_IN = "2027-03-08T09:00:00Z";
const REMINDER = "2027-03-15T09:00:00Z";
const APRIL = "2027-04-05T09:00:00Z";
const clock = fixedClock(FIRST_LOOK);
let t: TestApp;
let people: Array<{ id: string; email: string }>;

const at = async (iso: string) => {
  clock.set(iso);
  return runDueSteps(t.ctx, { owner: `test-${iso}` });
};
/** The due steps run at each of `times` in turn, as a process running then would have. */
const ranAt = async (...times: string[]) => {
  for (const time of times) await at(time);
};
const mailTo = async (subject: RegExp) =>
  (await t.outbox()).filter((m) => subject.test(m.subject)).map((m) => m.toAddress);
const marchPairings = () =>
  t.db
    .select()
    .from(pairings)
    .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, "2027-03")));

beforeEach(async () => {
  clock.set(FIRST_LOOK);
  t = await createTestApp({ clock });
  ({ people } = await createCompanyWidePeople(t.db, "acme.test", ["ada", "ben", "cy", "dee"]));
  await createPairing(t.db, { scopeKey: "all", month: "2027-02", name: "February" });
});
// Registered before the invariants' hook, so it runs after it.
afterEach(() => t?.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("a round runs by itself", () => {
  it("begins with the first look: the round whose window had opened before is the admin's", async () => {
    expect(await at(FIRST_LOOK)).toEqual([]);
  });

  it("makes a draft at the start of the review window that only admins see, and tells them", async () => {
    await ranAt(FIRST_LOOK);
    expect(await at("2027-02-26T08:59:00Z")).toEqual([]);
    const ran = await at(DRAFT);
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["draft", "done"]]);
    const [draft] = await t.db.select().from(roundDrafts).where(eq(roundDrafts.month, "2027-03"));
    expect(draft.matches.flat().sort()).toEqual(people.map((p) => p.id).sort());
    expect(await marchPairings()).toEqual([]);
    const seen = await t.as(people[0]).get("/api/matches/current");
    expect(seen.json()).toMatchObject({ match: null });
    expect(await mailTo(/Review the March 2027 pairing/)).toEqual(["boss@acme.test"]);
  });

  it("publishes on the pairing day at 09:00 and completes February's pairing", async () => {
    await ranAt(FIRST_LOOK, DRAFT);
    expect(await at("2027-03-01T08:59:00Z")).toEqual([]);
    const ran = await at(PUBLISH);
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["publish", "done"]]);
    const [march] = await marchPairings();
    // Named as the pages name it: the month alone in a company without groups.
    expect(march).toMatchObject({ status: "active", totalPairs: 2, name: "March 2027" });
    const [february] = await t.db.select().from(pairings).where(eq(pairings.month, "2027-02"));
    expect(february.status).toBe("completed");
    expect(await t.db.select().from(roundDrafts)).toEqual([]);
    const seen = (await t.as(people[0]).get("/api/matches/current")).json();
    expect(seen.match).not.toBeNull();
    await deliverQueued(t);
    const told = (await t.outbox()).filter(
      (m) => m.subject === "Your Cup of Joe match for March 2027",
    );
    expect(told.map((m) => m.toAddress).sort()).toEqual(people.map((p) => p.email).sort());
    expect(told[0].text).toContain("/unsubscribe?token=");
  });

  it("says in a sentence of its own when there is nothing to publish, or a pairing made by hand counts", async () => {
    await ranAt(FIRST_LOOK, DRAFT);
    await t.db.delete(roundDrafts);
    expect((await at(PUBLISH)).map((r) => [r.kind, r.state])).toEqual([["publish", "skipped"]]);
    const lines = async (kind: string) =>
      (await listActivity(t.db, { limit: 50 })).filter((a) => a.kind === kind).map((a) => a.detail);
    expect(await lines("round.not-published")).toEqual([
      "Nothing to publish for the March 2027 round for Everyone: the month was skipped or no draft could be made.",
    ]);
    await createPairing(t.db, { scopeKey: "all", month: "2027-04", name: "April by hand" });
    await at(APRIL);
    for (const line of await lines("round.counted")) expect(line).toMatch(/^[A-Z]/);
    expect(await lines("round.counted")).toContain(
      "The pairing made by hand counts as the April 2027 round for Everyone; it is not announced again.",
    );
  });

  it("creates and sends nothing twice when a process starts again the same day", async () => {
    await ranAt(FIRST_LOOK, DRAFT, PUBLISH);
    await deliverQueued(t);
    const before = (await t.outbox()).length;
    expect(await runDueSteps(t.ctx, { owner: "restarted" })).toEqual([]);
    expect(await marchPairings()).toHaveLength(1);
    expect((await t.outbox()).length).toBe(before);
  });

  it("asks everyone whether they met a week later, and reminds once a week after that", async () => {
    await ranAt(FIRST_LOOK, DRAFT, PUBLISH);
    const ran = await at(CHECK_IN);
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["check-in", "done"]]);
    expect((await mailTo(/Did you meet/)).sort()).toEqual(people.map((p) => p.email).sort());
    const reminded = await at(REMINDER);
    expect(reminded.map((r) => [r.kind, r.state])).toEqual([["reminder", "done"]]);
    expect(await at("2027-03-16T09:00:00Z")).toEqual([]);
  });

  it("completes March's pairing when April's is published", async () => {
    await ranAt(FIRST_LOOK, DRAFT, PUBLISH, CHECK_IN, REMINDER);
    const ran = await at(APRIL);
    expect(ran.map((r) => [r.month, r.kind])).toEqual([
      ["2027-04", "draft"],
      ["2027-04", "publish"],
    ]);
    const [march] = await marchPairings();
    expect(march.status).toBe("completed");
    const kinds = (await listActivity(t.db, { limit: 100 })).map((a) => a.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "round.drafted",
        "round.published",
        "round.completed",
        "round.checked-in",
      ]),
    );
  });
});

describe("what fell due while nothing ran", () => {
  it("runs once at the next start, only the latest round's draft and publish", async () => {
    await ranAt(FIRST_LOOK, DRAFT, PUBLISH, CHECK_IN, REMINDER, APRIL);
    // Down from 16 April to 4 June: May's round is called off, June's runs at once. April's
    // check-in and reminder wait for June's overdue publish, which completes April: not held.
    const askedBefore = (await mailTo(/Did you meet/)).length;
    const ran = await at("2027-06-08T10:00:00Z");
    expect(await mailTo(/Did you meet/)).toHaveLength(askedBefore);
    expect(ran.map((r) => [r.month, r.kind, r.state])).toEqual([
      ["2027-06", "draft", "done"],
      ["2027-06", "publish", "done"],
    ]);
    const april = await t.db.select().from(roundSteps).where(eq(roundSteps.month, "2027-04"));
    const notHeld = "Not held: the April 2027 round was completed first.";
    expect(
      april
        .filter((s) => s.kind === "check-in" || s.kind === "reminder")
        .map((s) => [s.kind, s.state, s.note])
        .sort(),
    ).toEqual([
      ["check-in", "skipped", notHeld],
      ["reminder", "skipped", notHeld],
    ]);
    const active = await t.db.select().from(pairings).where(eq(pairings.status, "active"));
    expect(active.map((p) => p.month)).toEqual(["2027-06"]);
    // May was never written down (its whole window passed while nothing ran): it is called off,
    // on its timeline and in the Activity list, once.
    const may = await t.db.select().from(roundSteps).where(eq(roundSteps.month, "2027-05"));
    expect(may.map((s) => [s.kind, s.state, s.note]).sort()).toEqual([
      ["draft", "skipped", "Called off: the June 2027 round came due first."],
      ["publish", "skipped", "Called off: the June 2027 round came due first."],
    ]);
    await at("2027-06-08T11:00:00Z");
    const calledOff = (await listActivity(t.db, { limit: 100 })).filter(
      (a) => a.kind === "round.called-off",
    );
    expect(calledOff.map((a) => [a.month, a.detail])).toEqual([
      [
        "2027-05",
        "The May 2027 round for Everyone was called off: its pairing day passed while the app was not running, and the June 2027 round is due now.",
      ],
    ]);
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { RoundSettings } from "../../shared/rounds";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { pairings, type RoundStepRow, roundDrafts, roundSteps, settings } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { allowEmail, createCompanyWidePeople, createGroup, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { checkRoundInvariants } from "./round-invariants";
import { planDueRounds, runClaimedStep } from "./run-due-steps";
import { claimDueStep } from "./step-ledger";

/*
 * Rounds across time: a late publish, a long review window, a group made just before its window,
 * and settings saved mid-round. Each case is its own company; time moves only by the test clock.
 */
let t: TestApp | undefined;
afterEach(async () => {
  // The invariants of a round (docs/rounds.md) hold after every case, checked before the app closes.
  if (t) await checkRoundInvariants(t.db);
  await t?.close();
  t = undefined;
});

async function company(start: string) {
  const clock = fixedClock(start);
  const app = await createTestApp({ clock });
  t = app;
  const { admin } = await createCompanyWidePeople(app.db, "time.test", [
    "ann",
    "bob",
    "cat",
    "dan",
  ]);
  const at = async (iso: string) => {
    clock.set(iso);
    return (await runDueSteps(app.ctx, { owner: `test-${iso}` })).map((r) => [
      r.month,
      r.kind,
      r.state,
    ]);
  };
  const saveSettings = (scopeKey: string, settings: RoundSettings) =>
    app.as(admin).put(`/api/admin/rounds/settings/${scopeKey}`, settings);
  const stepsOf = (month: string, scopeKey = "all") =>
    app.db
      .select()
      .from(roundSteps)
      .where(and(eq(roundSteps.scopeKey, scopeKey), eq(roundSteps.month, month)));
  const asked = async () =>
    (await app.outbox()).filter((m) => m.subject.startsWith("Did you meet"));
  return { app, admin, clock, at, saveSettings, stepsOf, asked };
}

const defaults: RoundSettings = { schedule: null, reviewDays: 3, checkInDays: 7, auto: true };

describe("a publish made late, after a downtime", () => {
  it("asks 'Did you meet?' the check-in days after it actually published, not in the same minute", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    expect(await c.at("2027-02-26T09:00:00Z")).toEqual([["2027-03", "draft", "done"]]);
    // Down from the draft until an hour after the planned check-in.
    expect(await c.at("2027-03-08T10:00:00Z")).toEqual([["2027-03", "publish", "done"]]);
    expect(await c.asked()).toEqual([]);
    const checkIn = (await c.stepsOf("2027-03")).find((s) => s.kind === "check-in");
    expect(checkIn?.dueAt.toISOString()).toBe("2027-03-15T09:00:00.000Z");
    expect(await c.at("2027-03-15T08:59:00Z")).toEqual([]);
    expect(await c.at("2027-03-15T09:00:00Z")).toEqual([["2027-03", "check-in", "done"]]);
    expect(await c.asked()).toHaveLength(4);
  });
});

describe("a long review window before a fixed pairing date", () => {
  it("keeps the reviewed draft when the next month's window opens, and publishes it on its day", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    // March's round on Friday 26 March, drafted 12 March; April's (Monday 5 April) drafted 22 March.
    const res = await c.saveSettings("all", {
      ...defaults,
      schedule: { type: "fixed", date: "2027-03-26" },
      reviewDays: 14,
    });
    expect(res.statusCode).toBe(200);
    expect(await c.at("2027-03-12T09:00:00Z")).toEqual([["2027-03", "draft", "done"]]);
    expect(await c.at("2027-03-22T09:00:00Z")).toEqual([["2027-04", "draft", "done"]]);
    const [kept] = await c.app.db
      .select()
      .from(roundDrafts)
      .where(eq(roundDrafts.month, "2027-03"));
    expect(kept).toBeDefined();
    const publish = (await c.stepsOf("2027-03")).find((s) => s.kind === "publish");
    expect(publish?.state).toBe("pending");
    const shown = (await c.app.as(c.admin).get("/api/admin/rounds")).json().scopes[0];
    expect([shown.current.month, shown.current.draft, shown.next.month]).toEqual([
      "2027-03",
      { pairs: 2, unmatched: 0 },
      "2027-04",
    ]);
    expect(await c.at("2027-03-26T09:00:00Z")).toContainEqual(["2027-03", "publish", "done"]);
    const [march] = await c.app.db
      .select()
      .from(pairings)
      .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, "2027-03")));
    expect(march.status).toBe("active");
  });

  it("says in the activity when a round missed during a downtime is called off", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    expect(await c.at("2027-02-26T09:00:00Z")).toEqual([["2027-03", "draft", "done"]]);
    // Down from 26 February to 2 April: March's publish was missed, April's window is open.
    const ran = await c.at("2027-04-02T10:00:00Z");
    expect(ran).toContainEqual(["2027-04", "draft", "done"]);
    const publish = (await c.stepsOf("2027-03")).find((s) => s.kind === "publish");
    expect(publish?.state).toBe("skipped");
    const calledOff = (await listActivity(c.app.db, { limit: 50 })).filter(
      (a) => a.kind === "round.called-off",
    );
    expect(calledOff).toHaveLength(1);
    expect(calledOff[0]).toMatchObject({ scopeKey: "all", month: "2027-03" });
    expect(calledOff[0].detail).toMatch(/March 2027 round for Everyone was called off/);
  });
});

describe("a group created shortly before its review window", () => {
  it("gets that month's round even when no process looked between its creation and the window", async () => {
    const c = await company("2027-02-10T00:00:00Z");
    await c.at("2027-02-10T00:00:00Z");
    const group = await createGroup(c.app.db, {
      displayName: "Labs",
      createdAt: new Date("2027-02-24T12:00:00Z"),
    });
    await allowEmail(c.app.db, "*@labs.test", group.id);
    for (const name of ["eva", "fay"]) await createUser(c.app.db, { email: `${name}@labs.test` });
    // A restart: nothing ran from the 10th until after the window opened on the 26th.
    const ran = await c.at("2027-02-27T09:00:00Z");
    expect(ran).toContainEqual(["2027-03", "draft", "done"]);
    const labs = await c.stepsOf("2027-03", String(group.id));
    expect(labs.find((s) => s.kind === "draft")?.state).toBe("done");
    const [draft] = await c.app.db
      .select()
      .from(roundDrafts)
      .where(eq(roundDrafts.scopeKey, String(group.id)));
    expect(draft.matches).toHaveLength(1);
  });
});

describe("settings saved while a round runs", () => {
  it("keep the pending steps of an earlier round, and re-plan only rounds not yet begun", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    const long = { ...defaults, reviewDays: 14, checkInDays: 21 };
    expect((await c.saveSettings("all", long)).statusCode).toBe(200);
    // April: drafted 22 March, published 5 April, check-in 26 April. May drafted 19 April.
    expect(await c.at("2027-03-22T09:00:00Z")).toEqual([["2027-04", "draft", "done"]]);
    expect(await c.at("2027-04-05T09:00:00Z")).toEqual([["2027-04", "publish", "done"]]);
    expect(await c.at("2027-04-19T09:00:00Z")).toEqual([["2027-05", "draft", "done"]]);
    c.clock.set("2027-04-20T09:00:00Z");
    expect((await c.saveSettings("all", { ...long, checkInDays: 20 })).statusCode).toBe(200);
    const april = await c.stepsOf("2027-04");
    expect(
      april
        .filter((s) => s.state === "pending")
        .map((s) => s.kind)
        .sort(),
    ).toEqual(["check-in"]);
    // Its reminder (3 May) would come with May's publish, which completes April: not held.
    expect(april.find((s) => s.kind === "reminder")?.state).toBe("skipped");
    expect(await c.at("2027-04-26T09:00:00Z")).toEqual([["2027-04", "check-in", "done"]]);
    expect(await c.asked()).toHaveLength(4);
    // Turned off: every step still to come stops, of the rounds under way too.
    expect((await c.saveSettings("all", { ...long, auto: false })).statusCode).toBe(200);
    const pending = (await c.stepsOf("2027-04"))
      .concat(await c.stepsOf("2027-05"))
      .filter((s) => s.state === "pending");
    expect(pending).toEqual([]);
  });
});

describe("a catch-up across the next round's publish", () => {
  it("sends no reminder of a round the catch-up completes, and lists it as not held", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    await c.at("2027-02-26T09:00:00Z");
    await c.at("2027-03-01T09:00:00Z");
    expect(await c.at("2027-03-08T09:00:00Z")).toEqual([["2027-03", "check-in", "done"]]);
    // Down from 10 March (March's reminder due on the 15th) until after April's pairing day.
    await c.at("2027-03-10T10:00:00Z");
    // The reminder waits for April's publish, which completes March and so marks it not held.
    expect(await c.at("2027-04-20T10:00:00Z")).toEqual([
      ["2027-04", "draft", "done"],
      ["2027-04", "publish", "done"],
    ]);
    const reminders = (await c.app.outbox()).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders).toEqual([]);
    const reminder = (await c.stepsOf("2027-03")).find((s) => s.kind === "reminder");
    expect(reminder).toMatchObject({
      state: "skipped",
      note: "Not held: the March 2027 round was completed first.",
      dueAt: new Date("2027-03-15T09:00:00Z"),
    });
    const lines = await listActivity(c.app.db, { limit: 50 });
    expect(lines.filter((a) => a.kind === "round.reminded")).toEqual([]);
    expect(lines.filter((a) => a.kind === "round.completed")).toHaveLength(1);
  });

  it("still reminds the people of a round the catch-up leaves running, when no draft could be made", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    await c.at("2027-02-26T09:00:00Z");
    await c.at("2027-03-01T09:00:00Z");
    expect(await c.at("2027-03-08T09:00:00Z")).toEqual([["2027-03", "check-in", "done"]]);
    // April can have no draft: more people must be ready than the company has.
    await c.app.db.insert(settings).values({ key: "pairing.minimumUsers", value: 10 });
    // Down from 10 March (March's reminder due on the 15th) until after April's pairing day.
    await c.at("2027-03-10T10:00:00Z");
    // April's publish finds nothing, so March runs on and its reminder goes out.
    expect(await c.at("2027-04-20T10:00:00Z")).toEqual([
      ["2027-04", "draft", "skipped"],
      ["2027-04", "publish", "skipped"],
      ["2027-03", "reminder", "done"],
      ["2027-04", "check-in", "skipped"],
      ["2027-04", "reminder", "skipped"],
    ]);
    const reminders = (await c.app.outbox()).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders).toHaveLength(4);
    const [march] = await c.app.db
      .select()
      .from(pairings)
      .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, "2027-03")));
    expect(march.status).toBe("active");
    const reminder = (await c.stepsOf("2027-03")).find((s) => s.kind === "reminder");
    expect(reminder).toMatchObject({ state: "done", note: null });
    const lines = await listActivity(c.app.db, { limit: 50 });
    expect(lines.filter((a) => a.kind === "round.reminded")).toHaveLength(1);
    expect(lines.filter((a) => a.kind === "round.completed")).toEqual([]);
  });

  it("puts back a reminder that finds the next publish due only under its lock, with no try spent", async () => {
    const c = await company("2027-02-20T00:00:00Z");
    await c.at("2027-02-20T00:00:00Z");
    await c.at("2027-02-26T09:00:00Z");
    await c.at("2027-03-01T09:00:00Z");
    await c.at("2027-03-08T09:00:00Z");
    c.clock.set("2027-04-20T10:00:00Z");
    await planDueRounds(c.app.ctx);
    // Claimed on what was due on 31 March; the step itself runs on the 20th, April's publish due.
    const now = new Date("2027-03-31T10:00:00Z");
    const claimed = await claimDueStep(c.app.db, { owner: "eve", leaseMs: 60_000, now });
    expect(claimed).toMatchObject({ month: "2027-03", kind: "reminder", attempts: 1 });
    const run = await runClaimedStep(c.app.ctx, claimed as RoundStepRow, "eve", () => {});
    expect(run.state).toBe("pending");
    const waiting = (await c.stepsOf("2027-03")).find((s) => s.kind === "reminder");
    expect(waiting).toMatchObject({
      state: "pending",
      attempts: 0,
      note: "Waits for the April 2027 round's publish, due too: it completes this round, or leaves it running.",
    });
    expect(await c.at("2027-04-20T10:05:00Z")).toEqual([
      ["2027-04", "draft", "done"],
      ["2027-04", "publish", "done"],
    ]);
    const reminder = (await c.stepsOf("2027-03")).find((s) => s.kind === "reminder");
    expect(reminder).toMatchObject({
      state: "skipped",
      note: "Not held: the March 2027 round was completed first.",
    });
    expect((await c.app.outbox()).filter((m) => m.subject.startsWith("Reminder:"))).toEqual([]);
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TimelineEntry } from "../../shared/rounds";
import { listActivity } from "../activity/activity";
import { fixedClock } from "../clock";
import { pairings, roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { createCompanyWidePeople } from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * A start on any day (docs/rounds.md): a company installs Cup of Joe on Thursday 26 November
 * 2026 and generates November at once, though November's pairing day was Monday 2 November.
 * The defaults: check-in 7 days after, December's pairing day Monday 7 December, UTC.
 */
const INSTALL = "2026-11-26T08:00:00Z";
const GENERATE = "2026-11-26T10:00:00Z";
const clock = fixedClock(INSTALL);
let t: TestApp;
let admin: { id: string };
let people: Array<{ id: string; email: string }>;

const at = async (iso: string) => {
  clock.set(iso);
  return runDueSteps(t.ctx, { owner: `test-${iso}` });
};
const november = async () => {
  const rounds = (await t.as(admin).get("/api/admin/rounds")).json();
  const steps: TimelineEntry[] = rounds.scopes[0].current.steps;
  expect(rounds.scopes[0].current.month).toBe("2026-11");
  return steps;
};

beforeEach(async () => {
  clock.set(INSTALL);
  t = await createTestApp({ clock });
  const company = await createCompanyWidePeople(t.db, "late.test", ["ada", "ben", "cy", "dee"]);
  people = company.people;
  admin = company.admin;
  await at(INSTALL);
});
afterEach(() => t?.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("a month generated late counts its windows from the day it was made", () => {
  it("tells the admin the dates before anything is made, or offers the next pairing day", async () => {
    clock.set(GENERATE);
    const plan = (await t.as(admin).get("/api/admin/generate-pairing/plan")).json();
    expect(plan).toMatchObject({
      month: "2026-11",
      pairingDay: "2026-11-02",
      late: true,
      awayUntil: "2026-11-30",
      checkInAt: "2026-12-03T09:00:00.000Z",
      nextPairingDay: "2026-12-07",
      auto: true,
    });
    // Four days before December's pairing day a check-in cannot come first: none is promised.
    clock.set("2026-11-30T10:00:00Z");
    const tooLate = (await t.as(admin).get("/api/admin/generate-pairing/plan")).json();
    expect(tooLate).toMatchObject({ late: true, checkInAt: null, awayUntil: "2026-12-02" });
    expect(
      (await t.as(admin).get("/api/admin/generate-pairing/plan?domainGroupId=x")).statusCode,
    ).toBe(400);
  });

  it("shows partner away, asks 'Did you meet?' seven days later and completes after it", async () => {
    clock.set(GENERATE);
    const made = await t.as(admin).post("/api/admin/generate-pairing", {});
    expect(made.statusCode).toBe(200);

    // The timeline: made by hand, never "never due", no step after the completion.
    const steps = await november();
    expect(steps.map((s) => [s.step, s.state, s.at])).toEqual([
      ["draft", "skipped", "2026-10-30T09:00:00.000Z"],
      ["publish", "done", "2026-11-26T10:00:00.000Z"],
      ["check-in", "pending", "2026-12-03T09:00:00.000Z"],
      ["complete", "planned", "2026-12-07T09:00:00.000Z"],
    ]);
    for (const step of steps) {
      expect(step.note ?? "").not.toMatch(/never due|Generate Monthly Pairings/);
    }

    // "My partner is away" is offered until halfway to December's pairing day.
    const away = await t.as(people[0]).get("/api/matches/away-status");
    expect(away.json()).toMatchObject({ reportUntil: { iso: "2026-11-30" } });

    expect(await at("2026-12-03T08:59:00Z")).toEqual([]);
    const asked = await at("2026-12-03T09:00:00Z");
    expect(asked.map((r) => [r.month, r.kind, r.state])).toEqual([["2026-11", "check-in", "done"]]);
    const activity = await listActivity(t.db, { limit: 50 });
    expect(activity.find((a) => a.kind === "round.checked-in")?.detail).toMatch(/Asked 4 people/);

    // December's round completes November's; no November reminder comes after it.
    await at("2026-12-04T09:00:00Z");
    await at("2026-12-07T09:00:00Z");
    const [nov] = await t.db.select().from(pairings).where(eq(pairings.month, "2026-11"));
    expect(nov.status).toBe("completed");
    await at("2026-12-10T09:00:00Z");
    const reminders = await t.db
      .select()
      .from(roundSteps)
      .where(and(eq(roundSteps.month, "2026-11"), eq(roundSteps.kind, "reminder")));
    expect(reminders).toEqual([]);
  });

  it("holds no check-in the next round would come before", async () => {
    clock.set("2026-11-30T10:00:00Z");
    expect((await t.as(admin).post("/api/admin/generate-pairing", {})).statusCode).toBe(200);
    const steps = await november();
    expect(steps.map((s) => s.step)).toEqual(["draft", "publish", "complete"]);
  });
});

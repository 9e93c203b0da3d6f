import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { pairings, roundDrafts } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import {
  allowEmail,
  createCompanyWidePeople,
  createGroup,
  createGroupPairing,
} from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-02-20T00:00:00Z");
let t: TestApp;
let admin: { id: string };
let employee: { id: string };
let labs: { id: number; displayName: string };
const asAdmin = () => t.as(admin);

beforeAll(async () => {
  t = await createTestApp({ clock });
  const company = await createCompanyWidePeople(t.db, "ops.test", ["emp", "ann", "bob", "cat"]);
  admin = company.admin;
  employee = company.people[0];
  const group = await createGroup(t.db, { name: "labs", displayName: "Labs" });
  labs = group;
  await allowEmail(t.db, "*@labs.test", group.id);
  await runDueSteps(t.ctx);
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("the rounds of a fresh install", () => {
  it("calls a fresh install's first month's past steps before the start, not skipped", async () => {
    const body = (await asAdmin().get("/api/admin/rounds")).json();
    // The schedule a scope without its own follows, for the Pairing day choice to name.
    expect(body.companySchedule).toEqual({ type: "nth-weekday", nth: 1, weekday: 1 });
    const steps = body.scopes[0].current.steps as { state: string; note: string | null }[];
    expect(body.scopes[0].current.month).toBe("2027-02");
    expect(steps.map((s) => s.state)).toEqual([
      "before_start",
      "before_start",
      "before_start",
      "before_start",
      "planned",
    ]);
    // It names the button and card where the admin generates the month (docs/rounds.md).
    expect(steps[0].note).toBe(
      "Before automatic rounds began here: this step was never due. Pair people this month with Generate Monthly Pairings under Admin Actions.",
    );
  });

  it("never tells the admin to pair people in a month that has a pairing without its steps", async () => {
    // Paired on its pairing day with no check-in written down (made while its rounds were off).
    const made = await createGroupPairing(t.db, labs, {
      month: "2027-02",
      createdAt: new Date("2027-02-01T09:00:00Z"),
    });
    try {
      const body = (await asAdmin().get("/api/admin/rounds")).json();
      const scope = body.scopes.find((s: { label: string }) => s.label === "Labs");
      const steps = scope.current.steps as { step: string; state: string; note: string | null }[];
      expect(steps.map((s) => [s.step, s.state])).toEqual([
        ["draft", "skipped"],
        ["publish", "done"],
        ["check-in", "before_start"],
        ["reminder", "before_start"],
        ["complete", "planned"],
      ]);
      expect(steps[2].note).toBe(
        "Nobody was asked: this month was paired before automatic rounds began here.",
      );
      for (const step of steps) expect(step.note ?? "").not.toMatch(/Pair people this month/);
    } finally {
      await t.db.delete(pairings).where(eq(pairings.id, made.id));
    }
  });
});

describe("the admin's control of the rounds", () => {
  it("is for admins only", async () => {
    expect((await t.get("/api/admin/rounds")).statusCode).toBe(401);
    expect((await t.as(employee).get("/api/admin/rounds")).statusCode).toBe(403);
    expect((await t.as(employee).get("/api/admin/activity")).statusCode).toBe(403);
  });

  it("shows each scope's settings and the dates of its current and next round", async () => {
    const body = (await asAdmin().get("/api/admin/rounds")).json();
    expect(body.timeZone).toBe("UTC");
    // The server's time, which the admin's screens read "now" by (not the browser's clock).
    expect(body.now).toBe("2027-02-20T00:00:00.000Z");
    expect(body.scopes.map((s: { label: string }) => s.label)).toEqual(["All Users", "Labs"]);
    const all = body.scopes[0];
    expect(all.settings).toEqual({ schedule: null, reviewDays: 3, checkInDays: 7, auto: true });
    expect(all.next.month).toBe("2027-03");
    expect(
      all.next.steps.map((s: { step: string; at: string; state: string }) => [
        s.step,
        s.at,
        s.state,
      ]),
    ).toEqual([
      ["draft", "2027-02-26T09:00:00.000Z", "planned"],
      ["publish", "2027-03-01T09:00:00.000Z", "planned"],
      ["check-in", "2027-03-08T09:00:00.000Z", "planned"],
      ["reminder", "2027-03-15T09:00:00.000Z", "planned"],
      ["complete", "2027-04-05T09:00:00.000Z", "planned"],
    ]);
  });

  it("refuses settings out of range with a message, and saves good ones", async () => {
    const bad = await asAdmin().put("/api/admin/rounds/settings/all", {
      schedule: null,
      reviewDays: 30,
      checkInDays: 7,
      auto: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("0 to 14 days");
    const zone = await asAdmin().put("/api/admin/rounds/time-zone", { timeZone: "Mars/Base" });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toContain("time zone");
    const unknown = await asAdmin().put("/api/admin/rounds/settings/999", {
      schedule: null,
      reviewDays: 3,
      checkInDays: 7,
      auto: true,
    });
    expect(unknown.statusCode).toBe(404);
    const saved = await asAdmin().put("/api/admin/rounds/settings/all", {
      schedule: { type: "nth-weekday", nth: 2, weekday: 2 },
      reviewDays: 2,
      checkInDays: 5,
      auto: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await asAdmin().put("/api/admin/rounds/time-zone", { timeZone: "Europe/Berlin" }))
        .statusCode,
    ).toBe(200);
    const all = (await asAdmin().get("/api/admin/rounds")).json().scopes[0];
    expect(all.next.pairingDay).toBe("2027-03-09");
    expect(all.next.steps[0].at).toBe("2027-03-07T08:00:00.000Z");
  });

  it("lets the admin swap two people in the draft, regenerate it, or skip the month", async () => {
    clock.set("2027-03-07T08:00:00Z");
    await runDueSteps(t.ctx);
    const url = "/api/admin/rounds/all/2027-03";
    const draft = (await asAdmin().get(`${url}/draft`)).json();
    expect(draft.matches.flat()).toHaveLength(4);
    const [[a, b], [c]] = draft.matches;
    const same = await asAdmin().post(`${url}/swap`, { userA: a.id, userB: b.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe("These two are already in the same match.");
    const swapped = await asAdmin().post(`${url}/swap`, { userA: a.id, userB: c.id });
    expect(swapped.statusCode).toBe(200);
    const after = (await asAdmin().get(`${url}/draft`)).json();
    expect(after.matches[0].map((m: { id: string }) => m.id)).toContain(c.id);
    expect((await asAdmin().post(`${url}/regenerate`)).statusCode).toBe(200);
    expect((await asAdmin().post(`${url}/skip`)).statusCode).toBe(200);
    expect(await t.db.select().from(roundDrafts).where(eq(roundDrafts.month, "2027-03"))).toEqual(
      [],
    );
    expect((await asAdmin().get(`${url}/draft`)).statusCode).toBe(404);
    clock.set("2027-03-09T09:00:00Z");
    const ran = await runDueSteps(t.ctx);
    expect(ran.filter((r) => r.scopeKey === "all")).toEqual([]);
    const steps = (await asAdmin().get("/api/admin/rounds")).json().scopes[0].current.steps;
    expect(steps[1]).toMatchObject({
      step: "publish",
      state: "skipped",
      note: "Skipped by an admin.",
    });
  });

  it("lists every automatic action, newest first, a page at a time", async () => {
    const first = (await asAdmin().get("/api/admin/activity?limit=2")).json();
    expect(first.items.map((i: { kind: string }) => i.kind)).toEqual([
      "round.skipped",
      "round.regenerated",
    ]);
    const next = (
      await asAdmin().get(`/api/admin/activity?limit=50&before=${first.nextBefore}`)
    ).json();
    expect(next.items.map((i: { kind: string }) => i.kind)).toContain("round.drafted");
    expect(next.nextBefore).toBeNull();
  });
});

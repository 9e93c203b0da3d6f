import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { checkIns, matches, roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { memberIds, withMembers } from "../match-members/match-members";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import { composeDraft } from "./compose-draft";
import { findRoundScope } from "./round-settings";
import { planDueRounds } from "./run-due-steps";
import { claimDueStep } from "./step-ledger";

/*
 * A process that dies between two writes of a step: the first part of the step is run as that
 * process would have (its claim, its first write), its lease runs out, and the next run must
 * finish what it left.
 */
const clock = fixedClock("2027-02-20T00:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@crash.test");
  await createAdmin(t.db, { email: "boss@crash.test", participationStatus: "opted_out" });
  for (const name of ["ann", "bob", "cat", "dan"]) {
    await createUser(t.db, { email: `${name}@crash.test` });
  }
  await runDueSteps(t.ctx);
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

/** The step claimed by a process that then dies mid-way; its lease has run out. */
async function claimThenDie(step: string) {
  await planDueRounds(t.ctx);
  const held = await claimDueStep(t.db, { owner: "died", leaseMs: 60_000, now: clock.now() });
  expect(held?.kind).toBe(step);
  return {
    held,
    leaseRunsOut: () =>
      t.db
        .update(roundSteps)
        .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(roundSteps.id, held?.id ?? 0)),
  };
}
const mailsAbout = async (subject: RegExp) =>
  (await t.outbox()).filter((m) => subject.test(m.subject)).map((m) => m.toAddress);

describe("a step that died between its writes", () => {
  it("tells the admins about a draft stored before the run died", async () => {
    clock.set("2027-02-26T09:00:00Z");
    const { leaseRunsOut } = await claimThenDie("draft");
    await composeDraft(t.ctx, await findRoundScope(t.db, "all"), "2027-03");
    await leaseRunsOut();
    clock.set("2027-02-26T09:10:00Z");
    const ran = await runDueSteps(t.ctx, { owner: "next" });
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["draft", "done"]]);
    expect(await mailsAbout(/^Review the March 2027 pairing/)).toEqual(["boss@crash.test"]);
    expect(await runDueSteps(t.ctx, { owner: "again" })).toEqual([]);
    expect(await mailsAbout(/^Review the March 2027 pairing/)).toHaveLength(1);
  });

  it("sends a check-in question claimed before the run died, and asks nobody twice", async () => {
    clock.set("2027-03-01T09:00:00Z");
    expect((await runDueSteps(t.ctx)).map((r) => [r.kind, r.state])).toEqual([["publish", "done"]]);
    clock.set("2027-03-08T09:00:00Z");
    const { leaseRunsOut } = await claimThenDie("check-in");
    const [publish] = await t.db
      .select()
      .from(roundSteps)
      .where(and(eq(roundSteps.month, "2027-03"), eq(roundSteps.kind, "publish")));
    const pairingId = publish.pairingId as number;
    const [someMatch] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
    );
    const [first] = memberIds(someMatch);
    // The dead run had claimed one person's question; its e-mail never went out.
    await t.db.insert(checkIns).values({
      pairingId,
      matchId: someMatch.id,
      userId: first,
      askedAt: clock.now(),
    });
    await leaseRunsOut();
    clock.set("2027-03-08T09:10:00Z");
    const ran = await runDueSteps(t.ctx, { owner: "next" });
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["check-in", "done"]]);
    const asked = await mailsAbout(/^Did you meet/);
    expect(asked.sort()).toEqual(
      ["ann", "bob", "cat", "dan"].map((name) => `${name}@crash.test`).sort(),
    );
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.pairingId, pairingId));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it("sends a reminder claimed before the run died", async () => {
    clock.set("2027-03-15T09:00:00Z");
    const { leaseRunsOut } = await claimThenDie("reminder");
    // March's is the only pairing asked so far.
    const [one] = await t.db.select().from(checkIns).limit(1);
    // The dead run had claimed one person's reminder; its e-mail never went out.
    await t.db.update(checkIns).set({ remindedAt: clock.now() }).where(eq(checkIns.id, one.id));
    await leaseRunsOut();
    clock.set("2027-03-15T09:10:00Z");
    const ran = await runDueSteps(t.ctx, { owner: "next" });
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["reminder", "done"]]);
    expect((await mailsAbout(/^Reminder: did you meet/)).sort()).toEqual(
      ["ann", "bob", "cat", "dan"].map((name) => `${name}@crash.test`).sort(),
    );
    expect(await runDueSteps(t.ctx, { owner: "again" })).toEqual([]);
    expect(await mailsAbout(/^Reminder: did you meet/)).toHaveLength(4);
  });
});

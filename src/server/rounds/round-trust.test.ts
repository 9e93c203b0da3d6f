import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "../app-secret";
import { fixedClock } from "../clock";
import { matches, pairings, users } from "../db/schema";
import { signLinkToken } from "../mail/signed-links";
import { memberIds, withMembers } from "../match-members/match-members";
import {
  allowEmail,
  createAdmin,
  createGroup,
  createGroupPairing,
  createMatch,
  createRunningCompany,
  createUser,
} from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import { checkRoundInvariants, findRoundInvariantBreaks } from "./round-invariants";

// Findings of docs/rounds.md, "Invariants of a round", each checked against the operation that
// broke it before.
const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
let boss: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  boss = await createAdmin(t.db, { email: "boss@trust.test", participationStatus: "opted_out" });
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("a company-wide generate while a group's pairing of the month runs", () => {
  it("pairs only the people in no group and leaves the group's announced matches as they are", async () => {
    const sales = await createRunningCompany(t.db, { name: "Sales" });
    await allowEmail(t.db, "*@hq.trust.test");
    const [ann, ben, cat, dan] = await Promise.all(
      ["Ann", "Ben", "Cat", "Dan"].map((n) => sales.person(n)),
    );
    const hq = await Promise.all(
      ["eve", "fay", "gus", "hal"].map((n) => createUser(t.db, { email: `${n}@hq.trust.test` })),
    );
    const running = sales.pairing;
    const announced = [await sales.match(ann, ben), await sales.match(cat, dan)];

    const res = await t.as(boss).post("/api/admin/generate-pairing", {});
    expect(res.statusCode).toBe(200);
    const [created] = await t.db
      .select()
      .from(pairings)
      .where(eq(pairings.id, res.json().pairingId));
    const made = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, created.id)),
    );
    expect(made.flatMap(memberIds).sort()).toEqual(hq.map((p) => p.id).sort());
    const kept = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, running.id)),
    );
    expect(kept.map((m) => m.id).sort()).toEqual(announced.map((m) => m.id).sort());
    await checkRoundInvariants(t.db);
  });
});

describe("the links of a deactivated person", () => {
  it("answer 410 with a message and record nothing", async () => {
    await allowEmail(t.db, "*@gone.trust.test");
    const [ivy, joe] = await Promise.all(
      ["ivy", "joe"].map((n) => createUser(t.db, { email: `${n}@gone.trust.test` })),
    );
    const match = await createMatch(t.db, { members: [ivy, joe], month: "2027-03" });
    const token = signLinkToken(await getAuthSecret(t.ctx), "check-in", {
      userId: ivy.id,
      id: match.id,
      expiresAt: new Date("2027-04-30T00:00:00Z"),
    });
    expect((await t.as(boss).post(`/api/admin/users/${ivy.id}/deactivate`)).statusCode).toBe(200);
    const res = await t.post("/api/check-in", { token, answer: "met" });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/account it was sent to is closed/);
    const [after] = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.id, match.id)),
    );
    expect(after?.members.every((m) => m.answer === null) ?? true).toBe(true);
    await checkRoundInvariants(t.db);
  });
});

describe("the invariants' check", () => {
  it("counts a deactivated person left in a pair as a break, whoever their partner is", async () => {
    await allowEmail(t.db, "*@pair.trust.test");
    const [ivy, jon] = await Promise.all(
      ["ivy", "jon"].map((n) => createUser(t.db, { email: `${n}@pair.trust.test` })),
    );
    const pairing = await createGroupPairing(
      t.db,
      await createGroup(t.db, { displayName: "Pairs" }),
      { month: "2027-03" },
    );
    await createMatch(t.db, { members: [ivy, jon], pairing });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, jon.id));
    expect(await findRoundInvariantBreaks(t.db)).toEqual([
      expect.objectContaining({
        rule: "only-active-people",
        detail: expect.stringContaining(jon.id),
      }),
    ]);
    await t.db.delete(pairings).where(eq(pairings.id, pairing.id));
    await checkRoundInvariants(t.db);
  });
});

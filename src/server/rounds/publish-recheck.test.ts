import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentPairingsResponse } from "../../shared/pairings";
import { fixedClock } from "../clock";
import { matches, pairings, roundDrafts, users } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { memberIds, withMembers } from "../match-members/match-members";
import { createCompanyWidePeople, createPairing, createRunningCompany } from "../test/factories";
import { checkRoundInvariantsAfterEach } from "../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../test/test-app";
import { checkRoundInvariants } from "./round-invariants";

// The March 2027 company-wide round: draft Friday 26 February, publish Monday 1 March, 09:00 UTC.
const clock = fixedClock("2027-02-20T00:00:00Z");
let t: TestApp;

const at = async (iso: string) => {
  clock.set(iso);
  return runDueSteps(t.ctx, { owner: `test-${iso}` });
};

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

describe("a scheduled publish", () => {
  it("takes out whoever was placed elsewhere or stopped taking part since the draft; a partner left alone waits", async () => {
    const company = await createCompanyWidePeople(
      t.db,
      "acme.test",
      ["ada", "ben", "cy", "dee", "eli", "fox"],
      (name) => ({ firstName: name, lastName: "Acme" }),
    );
    const admin = t.as(company.admin);
    await createPairing(t.db, { scopeKey: "all", month: "2027-02", name: "February" });
    await at("2027-02-20T00:00:00Z");
    await at("2027-02-26T09:00:00Z");
    const [draft] = await t.db.select().from(roundDrafts).where(eq(roundDrafts.month, "2027-03"));
    expect(draft.matches.every((g) => g.length === 2)).toBe(true);
    const [first, second] = draft.matches;

    // Between the draft and the pairing day: one of the first pair is placed in another scope's
    // running March pairing, one of the second pair is deactivated.
    const elsewhere = await createRunningCompany(t.db, { name: "Elsewhere", month: "2027-03" });
    await elsewhere.match({ id: first[0] }, await elsewhere.person("Gus"));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, second[0]));

    const ran = await at("2027-03-01T09:00:00Z");
    expect(ran.map((r) => [r.kind, r.state])).toContainEqual(["publish", "done"]);
    await checkRoundInvariants(t.db);
    const [march] = await t.db
      .select()
      .from(pairings)
      .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, "2027-03")));
    const made = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, march.id)),
    );
    expect(made.map(memberIds)).toEqual([draft.matches[2]]);
    expect(march.totalPairs).toBe(1);
    const current: CurrentPairingsResponse = (
      await admin.get("/api/admin/current-pairings")
    ).json();
    expect(current.waitingByPairing[String(march.id)].map((w) => w.userId).sort()).toEqual(
      [first[1], second[1]].sort(),
    );
  });
});

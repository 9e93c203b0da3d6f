import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import {
  activities,
  checkIns,
  companyInquiries,
  matchMembers,
  stillInQuestions,
} from "../../db/schema";
import { countPublicFigures } from "../../metrics/public-figures";
import { checkRoundInvariants } from "../../rounds/round-invariants";
import {
  allowEmail,
  createActivity,
  createAdmin,
  createEmailLog,
  createMatch,
  createPairing,
  createUser,
  tablesHolding,
} from "../../test/factories";
import { runRetentionOnce } from "../../test/run-retention";
import { storedAnswers } from "../../test/stored-match";
import { createTestApp, type TestApp } from "../../test/test-app";
import { ANONYMISED_ACTIVITY } from "./anonymise-old-history";

const clock = fixedClock("2027-01-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@old.test");
});
afterAll(() => t.close());

const november = new Date("2026-11-05T09:00:00Z");
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** Two people who appear only in November's history, and two who also meet this month. */
async function historyOfNovember() {
  const person = (first: string, last: string) =>
    createUser(t.db, {
      email: `${first.toLowerCase()}.${last.toLowerCase()}@old.test`,
      firstName: first,
      lastName: last,
      department: first === "Cyrus" ? "sales" : "engineering",
    });
  const ada = await person("Ada", "Lovelace");
  const bob = await person("Bob", "Babbage");
  const cyrus = await person("Cyrus", "Oldfield");
  const dee = await person("Dee", "Bygone");
  const old = await createPairing(t.db, { month: "2026-11", status: "completed", scopeKey: "all" });
  const first = await createMatch(t.db, {
    members: [ada, cyrus],
    answers: ["met", null],
    pairing: old,
    matchDate: november,
    status: "completed",
  });
  const second = await createMatch(t.db, {
    members: [bob, dee],
    answers: ["skip", "skip"],
    pairing: old,
    matchDate: november,
    status: "completed",
  });
  await t.db.insert(checkIns).values([
    { pairingId: old.id, matchId: first.id, userId: ada.id, askedAt: november },
    { pairingId: old.id, matchId: second.id, userId: dee.id, askedAt: november },
    { pairingId: old.id, matchId: first.id, userId: cyrus.id, askedAt: november },
  ]);
  await t.db.insert(stillInQuestions).values({
    userId: dee.id,
    scopeKey: "all",
    silentMonths: ["2026-09", "2026-10", "2026-11"],
    askedAt: november,
    choice: "stay_in",
    answeredAt: november,
  });
  await createActivity(t.db, {
    at: november,
    kind: "check-in.sent",
    userId: cyrus.id,
    month: "2026-11",
    pairingId: old.id,
    detail: "Asked Cyrus Oldfield whether they met Ada Lovelace (November 2026).",
  });
  await createActivity(t.db, {
    at: november,
    month: "2026-11",
    detail: "Told the members of November 2026: 2 e-mails; one bounced for dee.bygone@old.test.",
  });
  await createEmailLog(t.db, { recipients: [cyrus.email, dee.email], sentAt: november });
  await t.db.insert(companyInquiries).values({
    companyName: "Acme Ltd",
    contactEmail: cyrus.email,
    expectedUsers: "Less than 50",
    additionalInfo: "Ask for Cyrus Oldfield",
    createdAt: november,
  });
  const current = await createPairing(t.db, { month: "2027-01", scopeKey: "all-now" });
  await createMatch(t.db, { members: [ada, bob], pairing: current, matchDate: clock.now() });
  return { ada, cyrus, dee, old, first, second };
}

/** Every figure an admin or a visitor reads about past months, and the answers behind them. */
async function figures(admin: { id: string }) {
  const metrics = (await t.as(admin).get("/api/admin/enhanced-metrics")).json();
  const stats = (await t.as(admin).get("/api/admin/stats")).json();
  return {
    metrics,
    stats,
    publicFigures: await countPublicFigures(t.ctx),
    checkIns: await rows(sql`select p.month, count(*)::int as n from check_ins c
      join pairings p on p.id = c.pairing_id group by 1 order by 1`),
    answers: await rows(sql`select m.month, mm.answer, count(*)::int as n from match_members mm
      join matches m on m.id = mm.match_id group by 1, 2 order by 1, 2`),
    stillIn: await rows(sql`select scope_key, choice, count(*)::int as n from still_in_questions
      group by 1, 2 order by 1, 2`),
    // The erasures it makes and the admin's own change of the setting are lines of their own.
    activity: await rows(sql`select month, kind, count(*)::int as n from activities
      where kind not in ('person.erased', 'settings.changed') group by 1, 2 order by 1, 2`),
    inquiries: await rows(sql`select expected_users, count(*)::int as n from company_inquiries
      group by 1 order by 1`),
  };
}

describe("history the retention setting anonymises", () => {
  it("keeps every figure of the old months while no name or address of theirs remains", async () => {
    const admin = await createAdmin(t.db, { email: "boss@hq.test" });
    const { ada, cyrus, dee, old, first, second } = await historyOfNovember();
    const before = await figures(admin);
    expect(before.metrics.matchingMetrics.previousMonths).toContainEqual(
      expect.objectContaining({ month: "2026-11", totalMatches: 2, completedMatches: 1 }),
    );

    expect((await t.as(admin).put("/api/admin/retention", { months: 1 })).statusCode).toBe(200);
    expect(await runRetentionOnce(t.ctx, "a")).toContain("older than 2026-12-10");

    expect(await figures(admin)).toEqual(before);
    // Only the person's own row (and its change counter) still knows them; no history does.
    const own = ["users", "member_view_versions"];
    for (const needle of [cyrus.email, dee.email, "Oldfield", "Bygone", cyrus.id, dee.id]) {
      expect(await tablesHolding(t.db, needle, own), needle).toEqual([]);
    }
    const oldCheckIns = await t.db.select().from(checkIns).where(eq(checkIns.pairingId, old.id));
    expect(oldCheckIns.map((c) => c.userId)).toEqual([null, null, null]);
    // The answers stay on the matches, whose members are now former colleagues.
    expect(await storedAnswers(t.db, first.id)).toEqual(["met", null]);
    expect(await storedAnswers(t.db, second.id)).toEqual(["skip", "skip"]);
    const lines = await t.db.select().from(activities).where(eq(activities.month, "2026-11"));
    expect(lines.map((l) => l.detail).sort()).toEqual([
      ANONYMISED_ACTIVITY,
      "Told the members of November 2026: 2 e-mails; one bounced for a former colleague.",
    ]);
    // The current round is untouched, and stand-ins never break a round's rules.
    const [now] = await t.db.select().from(matchMembers).where(eq(matchMembers.userId, ada.id));
    expect(now).toBeDefined();
    await checkRoundInvariants(t.db);
  });
});

import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matches, pairings, roundSteps, stillInQuestions } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { memberIds, withMembers } from "../match-members/match-members";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { createCompanyWidePeople } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * docs/check-ins.md, "Quiet people", across four scheduled rounds with only the clock moved:
 * eight people, Quinn never answers a check-in and each of Quinn's partners answers "Missed"
 * (stored as Skip), everyone else "Met". Rounds run by the scheduler alone (draft, publish,
 * check-in; a round completes when the next one publishes). Before April's draft Quinn has been
 * silent through three rounds: the draft asks "Still up for coffee chats?" and April's round
 * pairs everyone but Quinn.
 */
const clock = fixedClock("2027-01-20T10:00:00Z");
let t: TestApp;
const names = ["quinn", "amy", "bea", "cal", "dan", "eve", "fay", "gus"];
let people: { id: string; email: string }[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ people } = await createCompanyWidePeople(t.db, "four.test", names));
});
afterAll(async () => {
  if (t) await checkRoundInvariants(t.db);
  await t?.close();
});

const DAY = 86_400_000;

/** The running pairing of `month` for All Users, with its matches and their members. */
async function roundOf(month: string) {
  const [pairing] = await t.db
    .select()
    .from(pairings)
    .where(and(eq(pairings.scopeKey, "all"), eq(pairings.month, month)));
  if (!pairing) return null;
  const list = await t.db
    .select()
    .from(matches)
    .where(eq(matches.pairingId, pairing.id))
    .orderBy(asc(matches.id));
  return { pairing, matches: await withMembers(t.db, list) };
}

const checkInDone = async (month: string) =>
  (
    await t.db
      .select()
      .from(roundSteps)
      .where(
        and(
          eq(roundSteps.scopeKey, "all"),
          eq(roundSteps.month, month),
          eq(roundSteps.kind, "check-in"),
        ),
      )
  ).some((s) => s.state === "done");

/** Once a month's check-in went out: Quinn's partner presses Missed, everyone else Met. */
async function answer(month: string, answered: Set<string>) {
  if (answered.has(month) || !(await checkInDone(month))) return;
  const round = await roundOf(month);
  if (!round) return;
  const quinn = people[0].id;
  for (const match of round.matches) {
    const ids = memberIds(match);
    for (const id of ids) {
      if (id === quinn) continue;
      const status = ids.includes(quinn) ? "not_confirmed" : "confirmed";
      const person = people.find((p) => p.id === id) as { id: string };
      const res = await t.as(person).put(`/api/matches/${match.id}/connection-status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  answered.add(month);
}

describe("a silent person over four scheduled rounds", () => {
  it("is paired three times, then asked 'Still up for coffee chats?' and left out of the fourth", async () => {
    const answered = new Set<string>();
    const months = ["2027-02", "2027-03", "2027-04", "2027-05"];
    // One look a day, as the scheduler's job does, from late January to the end of May.
    while (clock.now() < new Date("2027-05-31T10:00:00Z")) {
      await runDueSteps(t.ctx, { owner: `test-${clock.now().toISOString()}` });
      for (const month of months) await answer(month, answered);
      clock.advance(DAY);
    }
    const quinn = people[0].id;
    const rounds = [];
    for (const month of months) rounds.push(await roundOf(month));
    expect(rounds.map((r) => r?.matches.length)).toEqual([4, 4, 4, 3]);
    const pairedQuinn = rounds.map((r) => r?.matches.flatMap(memberIds).includes(quinn));
    // Three rounds with Quinn silent; the fourth leaves Quinn out (its draft asked first).
    expect(pairedQuinn).toEqual([true, true, true, false]);

    const asked = (await t.outbox()).filter(
      (m) => m.toAddress === "quinn@four.test" && m.subject === "Still up for coffee chats?",
    );
    expect(asked).toHaveLength(1);
    const others = (await t.outbox()).filter(
      (m) => m.toAddress !== "quinn@four.test" && m.subject === "Still up for coffee chats?",
    );
    expect(others).toEqual([]);
    const [question] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.userId, quinn));
    expect(question.answeredAt).toBeNull();
    // Asked by May's draft, before May's round was published without Quinn.
    const may = rounds[3]?.pairing;
    expect(question.askedAt.getTime()).toBeLessThan(may?.createdAt.getTime() ?? 0);
  }, 240_000);
});

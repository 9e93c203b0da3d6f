import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import { type CheckInAnswer, checkInAnswers } from "../../shared/check-in-answers";
import { type MatchStatus, matchStatuses } from "../../shared/enums";
import { matches, matchMembers } from "../db/schema";
import { chatAnswersOf, withMembers } from "../match-members/match-members";
import { createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedOfMembersSql } from "./matches-with-answers";

type Answer = CheckInAnswer | null;
const choices: Answer[] = [null, ...checkInAnswers];

/** Both statuses × every stored answer list (none, met, not_yet, skip) of two, three and four members. */
function everyCombination(): { status: MatchStatus; answers: Answer[] }[] {
  const lists = (size: number): Answer[][] =>
    size === 0 ? [[]] : lists(size - 1).flatMap((l) => choices.map((a) => [...l, a]));
  return matchStatuses.flatMap((status) =>
    [2, 3, 4].flatMap((size) => lists(size).map((answers) => ({ status, answers }))),
  );
}

describe("the chat definition as an aggregate over a match's members", () => {
  let t: TestApp;
  const combos = everyCombination();
  beforeAll(async () => {
    t = await createTestApp();
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await createUser(t.db));
    const pairing = await createPairing(t.db);
    for (const { status, answers } of combos) {
      await createMatch(t.db, {
        members: people.slice(0, answers.length),
        answers,
        pairing,
        status,
      });
    }
  });
  afterAll(() => t.close());

  it("agrees with chatHappened on every combination of status and answers, matches of 2 to 4", async () => {
    const rows = await t.db
      .select({ id: matches.id, happened: chatHappenedOfMembersSql })
      .from(matches)
      .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
      .groupBy(matches.id)
      .orderBy(asc(matches.id));
    expect(rows).toHaveLength(combos.length);
    const full = await withMembers(
      t.db,
      await t.db.select().from(matches).orderBy(asc(matches.id)),
    );
    rows.forEach(({ happened }, i) => {
      const label = JSON.stringify({ status: full[i].status, members: full[i].members });
      expect(happened, label).toBe(chatHappened(chatAnswersOf(full[i])));
    });
  });

  it("counts a match without members as not happened", async () => {
    const [match] = await t.db
      .insert(matches)
      .values({ pairingId: (await createPairing(t.db)).id, month: "2026-01", status: "completed" })
      .returning();
    const [row] = await t.db
      .select({ happened: chatHappenedOfMembersSql })
      .from(matches)
      .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
      .where(eq(matches.id, match.id))
      .groupBy(matches.id);
    expect(row.happened).toBe(false);
  });
});

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import { type CheckInAnswer, checkInAnswers } from "../../shared/check-in-answers";
import type { MatchStatus } from "../../shared/enums";
import { matchStatuses } from "../../shared/enums";
import { matches } from "../db/schema";
import { createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedSql, chatsHappenedCount } from "./chat-happened-sql";
import { chatAnswersOf, withMembers } from "./match-members";

type Answer = CheckInAnswer | null;
type Combo = { status: MatchStatus; answers: Answer[] };

/** Both statuses × every stored answer (or none) of two members, of three and of four. */
function everyCombination(): Combo[] {
  const choices: Answer[] = [null, ...checkInAnswers];
  let answerLists: Answer[][] = [[]];
  const bySize = new Map<number, Answer[][]>();
  for (let size = 1; size <= 4; size++) {
    answerLists = answerLists.flatMap((list) => choices.map((a) => [...list, a]));
    bySize.set(size, answerLists);
  }
  return matchStatuses.flatMap((status) =>
    [2, 3, 4].flatMap((size) => (bySize.get(size) ?? []).map((answers) => ({ status, answers }))),
  );
}

describe("the chat definition in SQL", () => {
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
    expect(combos).toHaveLength(2 * (16 + 64 + 256));
    const rows = await t.db
      .select({
        match: matches,
        happened: chatHappenedSql,
        notHappened: sql<boolean>`not ${chatHappenedSql}`,
      })
      .from(matches);
    expect(rows).toHaveLength(combos.length);
    const full = await withMembers(
      t.db,
      rows.map((r) => r.match),
    );
    rows.forEach(({ happened, notHappened }, i) => {
      const row = full[i];
      const label = JSON.stringify({ status: row.status, members: row.members });
      expect(happened, label).toBe(chatHappened(chatAnswersOf(row)));
      expect(notHappened, label).toBe(!chatHappened(chatAnswersOf(row)));
    });
  });

  it("counts the chats that happened in one aggregate", async () => {
    const [all] = await t.db.select({ n: chatsHappenedCount }).from(matches);
    const [active] = await t.db
      .select({ n: chatsHappenedCount })
      .from(matches)
      .where(eq(matches.status, "active"));
    // Four choices each (none, met, not yet, skip). Active: the answer lists with a Met:
    // 4²−3² + 4³−3³ + 4⁴−3⁴ = 7 + 37 + 175. Completed: those plus the lists neither all Missed
    // (not yet or skip) nor holding a Met: 3²−2² + 3³−2³ + 3⁴−2⁴ = 5 + 19 + 65.
    expect(active.n).toBe(7 + 37 + 175);
    expect(all.n).toBe(2 * (7 + 37 + 175) + 5 + 19 + 65);
  });
});

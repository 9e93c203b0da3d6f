import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import type { MatchStatus } from "../../shared/enums";
import { type ConnectionStatus, connectionStatuses, matchStatuses } from "../../shared/enums";
import { matches } from "../db/schema";
import { withMembers } from "../match-members/match-members";
import { createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedSql, chatsHappenedCount } from "./chat-happened-sql";

type Combo = { status: MatchStatus; answers: ConnectionStatus[] };

/** Both statuses × every answer of two members, of three and of four. */
function everyCombination(): Combo[] {
  let answerLists: ConnectionStatus[][] = [[]];
  const bySize = new Map<number, ConnectionStatus[][]>();
  for (let size = 1; size <= 4; size++) {
    answerLists = answerLists.flatMap((list) => connectionStatuses.map((a) => [...list, a]));
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
    expect(combos).toHaveLength(2 * (9 + 27 + 81));
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
      expect(happened, label).toBe(chatHappened(row));
      expect(notHappened, label).toBe(!chatHappened(row));
    });
  });

  it("counts the chats that happened in one aggregate", async () => {
    const [all] = await t.db.select({ n: chatsHappenedCount }).from(matches);
    const [active] = await t.db
      .select({ n: chatsHappenedCount })
      .from(matches)
      .where(eq(matches.status, "active"));
    // Active: the answer lists with a Met: 3²−2² + 3³−2³ + 3⁴−2⁴ = 5 + 19 + 65.
    // Completed: those plus the lists neither all Missed nor holding a Met: 3 + 7 + 15.
    expect(active.n).toBe(5 + 19 + 65);
    expect(all.n).toBe(2 * (5 + 19 + 65) + 3 + 7 + 15);
  });
});

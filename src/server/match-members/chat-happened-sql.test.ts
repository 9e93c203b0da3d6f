import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import { matches } from "../db/schema";
import { everyChatCombination, storeChatCombinations } from "../test/chat-combinations";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedSql, chatsHappenedCount } from "./chat-happened-sql";
import { chatAnswersOf, withMembers } from "./match-members";

describe("the chat definition in SQL", () => {
  let t: TestApp;
  const combos = everyChatCombination();
  beforeAll(async () => {
    t = await createTestApp();
    await storeChatCombinations(t.db, combos);
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

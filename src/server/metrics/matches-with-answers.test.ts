import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatHappened } from "../../shared/chat-happened";
import { matches, matchMembers } from "../db/schema";
import { chatAnswersOf, withMembers } from "../match-members/match-members";
import { everyChatCombination, storeChatCombinations } from "../test/chat-combinations";
import { createPairing } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedOfMembersSql } from "./matches-with-answers";

describe("the chat definition as an aggregate over a match's members", () => {
  let t: TestApp;
  const combos = everyChatCombination();
  beforeAll(async () => {
    t = await createTestApp();
    await storeChatCombinations(t.db, combos);
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

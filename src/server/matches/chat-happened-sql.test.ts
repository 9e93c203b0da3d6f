import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatAnswers, chatHappened } from "../../shared/chat-happened";
import { type ConnectionStatus, connectionStatuses, matchStatuses } from "../../shared/enums";
import { matches } from "../db/schema";
import { createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { chatHappenedSql, chatsHappenedCount } from "./chat-happened-sql";

/** Both statuses × every answer of two members, and of three. */
function everyCombination(): ChatAnswers[] {
  const all: ChatAnswers[] = [];
  const thirds: (ConnectionStatus | null)[] = [null, ...connectionStatuses];
  for (const status of matchStatuses)
    for (const user1ConnectionStatus of connectionStatuses)
      for (const user2ConnectionStatus of connectionStatuses)
        for (const user3ConnectionStatus of thirds)
          all.push({ status, user1ConnectionStatus, user2ConnectionStatus, user3ConnectionStatus });
  return all;
}

describe("the chat definition in SQL", () => {
  let t: TestApp;
  const combos = everyCombination();
  beforeAll(async () => {
    t = await createTestApp();
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const pairing = await createPairing(t.db);
    for (const combo of combos) {
      await createMatch(t.db, {
        user1: a,
        user2: b,
        ...(combo.user3ConnectionStatus ? { user3: c } : {}),
        pairing,
        ...combo,
      });
    }
  });
  afterAll(() => t.close());

  it("agrees with chatHappened on every combination of status and answers, pairs and trios", async () => {
    expect(combos).toHaveLength(72);
    const rows = await t.db
      .select({
        status: matches.status,
        user1ConnectionStatus: matches.user1ConnectionStatus,
        user2ConnectionStatus: matches.user2ConnectionStatus,
        user3ConnectionStatus: matches.user3ConnectionStatus,
        happened: chatHappenedSql,
        notHappened: sql<boolean>`not ${chatHappenedSql}`,
      })
      .from(matches);
    expect(rows).toHaveLength(combos.length);
    for (const { happened, notHappened, ...row } of rows) {
      expect(happened, JSON.stringify(row)).toBe(chatHappened(row));
      expect(notHappened, JSON.stringify(row)).toBe(!chatHappened(row));
    }
  });

  it("counts the chats that happened in one aggregate", async () => {
    const [all] = await t.db.select({ n: chatsHappenedCount }).from(matches);
    const [pairs] = await t.db
      .select({ n: chatsHappenedCount })
      .from(matches)
      .where(isNull(matches.user3Id));
    // Pairs: 5 answer pairs with a Met, per status, + 3 completed ones not missed by both = 13.
    // Trios: 19 answer triples with a Met, per status, + 7 completed ones not missed by all = 45.
    expect(pairs.n).toBe(13);
    expect(all.n).toBe(13 + 45);
  });
});

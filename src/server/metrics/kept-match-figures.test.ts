import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matchMembers } from "../db/schema";
import { createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import type { Requests } from "../test/test-client";

let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock("2027-03-10T09:00:00Z") });
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

async function figures() {
  const [stats, metrics] = await Promise.all([
    admin.get("/api/admin/stats"),
    admin.get("/api/admin/enhanced-metrics"),
  ]);
  expect(stats.statusCode).toBe(200);
  expect(metrics.statusCode).toBe(200);
  return { stats: stats.json(), thisMonth: metrics.json().matchingMetrics.currentMonth };
}

async function answer(matchId: number, userId: string, untracked = false) {
  await t.db.transaction(async (tx) => {
    // As no app process would: with every trigger off, to show what is kept.
    if (untracked) await tx.execute(sql`set local session_replication_role = replica`);
    await tx
      .update(matchMembers)
      .set({ answer: "met" })
      .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)));
  });
}

describe("the admin's match figures kept between changes", () => {
  it("counts again once an answer changes, and keeps the figures while nothing has", async () => {
    const pairing = await createPairing(t.db);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const first = await createMatch(t.db, { members: [a, b], pairing });
    const second = await createMatch(t.db, { members: [c, d], pairing });
    const before = await figures();
    await answer(first.id, a.id, true);
    expect(await figures()).toEqual(before);
    await answer(second.id, c.id);
    const after = await figures();
    // Both answers count now, the untracked one too: the figures were read again.
    expect(after.stats.chatsHappened).toBe(before.stats.chatsHappened + 2);
    expect(after.stats.activeMatches).toBe(before.stats.activeMatches);
    expect(after.thisMonth.chatsHappened).toBe(before.thisMonth.chatsHappened + 2);
  });
});

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMessages } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { claimMessages } from "./claim-messages";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A transport this app does not mail over, so its own delivery job leaves the rows alone. */
const TRANSPORT = "smtp://claims.test:25";

describe("claimMessages", () => {
  it("answers the claimed rows as a select reads them, in queue order", async () => {
    const queuedAt = new Date(Date.UTC(2030, 0, 1, 9));
    const queued = await t.db
      .insert(outgoingMessages)
      .values(
        [3, 1, 2].map((n) => ({
          kind: "company-inquiry",
          recipient: `claim${n}@claims.test`,
          data: { n, nested: { list: [n, "two"] } },
          onceKey: `claim-${n}`,
          mailTransport: TRANSPORT,
          nextAttemptAt: queuedAt,
          firstFailedAt: n === 2 ? queuedAt : null,
          createdAt: queuedAt,
        })),
      )
      .returning();
    const now = new Date(Date.UTC(2030, 0, 1, 10));
    const claimed = await claimMessages(t.db, {
      owner: "claims-test",
      limit: 10,
      leaseMs: 60_000,
      now,
      transport: TRANSPORT,
      urgent: false,
    });
    const read = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        inArray(
          outgoingMessages.id,
          queued.map((row) => row.id),
        ),
      )
      .orderBy(outgoingMessages.id);
    expect(claimed).toEqual(read);
    expect(claimed.map((row) => row.id)).toEqual(queued.map((row) => row.id).sort((a, b) => a - b));
    expect(claimed[0].claimedUntil).toEqual(new Date(now.getTime() + 60_000));
    expect(claimed.map((row) => [row.attempts, row.claimedBy])).toEqual([
      [1, "claims-test"],
      [1, "claims-test"],
      [1, "claims-test"],
    ]);
    expect(claimed.find((row) => row.recipient === "claim2@claims.test")?.firstFailedAt).toEqual(
      queuedAt,
    );
    const again = await claimMessages(t.db, {
      owner: "someone-else",
      limit: 10,
      leaseMs: 60_000,
      now,
      transport: TRANSPORT,
      urgent: false,
    });
    expect(again).toEqual([]);
  });
});

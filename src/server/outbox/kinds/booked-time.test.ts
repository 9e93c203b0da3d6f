import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { outgoingMessages } from "../../db/schema";
import { messageKindNamed } from "../../jobs/message-kinds";
import { createTestApp, type TestApp } from "../../test/test-app";
import { DEFAULT_OUTBOX_RETRY, DEFAULT_URGENT_RETRY, deliverMessage } from "../deliver-message";
import { queue } from "../queue";
import { bookedTime } from "./booked-time";

// docs/mail.md, "Adding a message": a kind with a payload schema reads a row's data through it, so
// a row that is not a booked time's fails as EDATA before anything renders it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a booked time's row", () => {
  it("fails as EDATA when its data is not a booked time's, and nothing is sent", async () => {
    const warnings: string[] = [];
    // The kind without its schema: what the real kind would never queue.
    const unchecked = { ...bookedTime, schema: z.unknown() };
    await queue(t.ctx, t.db, unchecked, ["ann@booked.test"], {
      userId: "00000000-0000-4000-8000-000000000001",
      calendar: { method: "REQUEST" },
    });
    const [row] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, bookedTime.name));
    const outcome = await deliverMessage(t.ctx, row, {
      retry: DEFAULT_OUTBOX_RETRY,
      urgentRetry: DEFAULT_URGENT_RETRY,
      horizonMs: 3_600_000,
      warn: (line) => warnings.push(line),
      kindNamed: messageKindNamed,
    });
    expect(outcome).toBe("failed");
    const [after] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.id, row.id));
    expect(after).toMatchObject({ state: "failed", errorCode: "EDATA" });
    expect(warnings.join("\n")).toMatch(
      /EDATA Its data is not a booked-time's: calendar\.matchId: /,
    );
    expect(await t.outbox()).toEqual([]);
  });
});

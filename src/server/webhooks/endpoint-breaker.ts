import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import type { SendOutcome } from "../outbox/channels";

/** Calls failing in a row that pause a webhook endpoint (docs/chat.md, "Lanes and the breaker"). */
export const BREAKER_FAILURES = 5;

/**
 * What one call's outcome does to its endpoint: a delivered call closes the count; a failed one
 * adds to it, and the fifth in a row pauses the endpoint; a 410 Gone pauses it at once. A
 * receiver asking for time (429, or 503 with Retry-After) and a skipped message count for
 * nothing. Resolves the pause reason when this call paused the endpoint.
 */
export async function recordEndpointOutcome(
  db: Db,
  endpointId: number,
  outcome: SendOutcome,
  now: Date,
): Promise<string | null> {
  if (outcome.kind === "sent") {
    await db
      .update(webhookEndpoints)
      .set({ failuresInARow: 0 })
      .where(eq(webhookEndpoints.id, endpointId));
    return null;
  }
  if (outcome.kind === "ended" && outcome.endpointGone) {
    return pause(
      db,
      endpointId,
      now,
      "Turned off: the receiver answered 410 Gone (it wants no more events). Resume once it does.",
    );
  }
  if (outcome.kind === "ended" && outcome.state === "skipped") return null;
  if (outcome.kind === "retry" && outcome.afterMs !== undefined) return null;
  const [counted] = await db
    .update(webhookEndpoints)
    .set({ failuresInARow: sql`${webhookEndpoints.failuresInARow} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failures: webhookEndpoints.failuresInARow });
  if (!counted || counted.failures < BREAKER_FAILURES) return null;
  return pause(
    db,
    endpointId,
    now,
    `Paused after ${BREAKER_FAILURES} failed calls in a row; the last: ${outcome.error}`,
  );
}

async function pause(db: Db, endpointId: number, now: Date, reason: string) {
  const paused = await db
    .update(webhookEndpoints)
    .set({ pausedAt: now, pauseReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.pausedAt)))
    .returning({ id: webhookEndpoints.id });
  return paused.length > 0 ? reason : null;
}

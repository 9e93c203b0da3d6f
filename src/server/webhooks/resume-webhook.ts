import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages, webhookEndpoints } from "../db/schema";
import { NotFound } from "../errors";
import { outboxTrigger } from "../job-triggers";

/**
 * The admin's "Resume" of an endpoint the breaker or a 410 Gone paused (docs/chat.md, "Lanes and
 * the breaker"): its count starts again and the calls that waited meanwhile go at once, their
 * 24-hour retry window starting afresh.
 */
export async function resumeWebhook(ctx: AppContext, id: number): Promise<{ message: string }> {
  const resumed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ pausedAt: null, pauseReason: null, failuresInARow: 0 })
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id });
    if (!row) return false;
    await tx
      .update(outgoingMessages)
      .set({ nextAttemptAt: ctx.clock.now(), firstFailedAt: null })
      .where(and(eq(outgoingMessages.endpointId, id), eq(outgoingMessages.state, "pending")));
    return true;
  });
  if (!resumed) throw new NotFound("This webhook no longer exists.");
  ctx.jobs.wake(outboxTrigger);
  return { message: "Webhook resumed; the calls that waited are sent now." };
}

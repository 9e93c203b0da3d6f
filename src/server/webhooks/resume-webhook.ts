import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { chatDeliveries, webhookEndpoints } from "../db/schema";
import { NotFound } from "../errors";
import { chatDeliveryTrigger } from "../job-triggers";

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
      .update(chatDeliveries)
      .set({ nextAttemptAt: null, failingSince: null })
      .where(and(eq(chatDeliveries.endpointId, id), eq(chatDeliveries.state, "pending")));
    return true;
  });
  if (!resumed) throw new NotFound("This webhook no longer exists.");
  ctx.jobs.wake(chatDeliveryTrigger);
  return { message: "Webhook resumed; the calls that waited are sent now." };
}

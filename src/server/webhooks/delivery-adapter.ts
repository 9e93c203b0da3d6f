import { eq } from "drizzle-orm";
import type { ChannelAdapter } from "../channels/channel-delivery";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, webhookEndpoints } from "../db/schema";
import type { SendOutcome } from "../outbox/channels";
import { webhookEventData } from "../outbox/kinds/webhook-event";
import { recordEndpointOutcome } from "./endpoint-breaker";
import { sendWebhook } from "./send-webhook";

/**
 * Webhooks in the delivery engine (docs/chat.md, "Lanes and the breaker"): one signed call to the
 * row's endpoint as it is now, and every outcome counted by the endpoint's breaker; a pause is
 * logged.
 */
export function webhookAdapter(ctx: AppContext, log: (line: string) => void): ChannelAdapter {
  return {
    send: (row, { timeoutMs }) => callWebhook(ctx, row, timeoutMs),
    afterSettle: async (row, outcome) => {
      if (row.endpointId === null) return;
      const paused = await recordEndpointOutcome(ctx.db, row.endpointId, outcome, ctx.clock.now());
      if (paused) log(`Webhooks: endpoint ${row.endpointId} paused. ${paused}`);
    },
  };
}

async function callWebhook(
  ctx: AppContext,
  row: OutgoingMessageRow,
  timeoutMs: number | undefined,
): Promise<SendOutcome> {
  if (row.endpointId === null) {
    return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  }
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  const payload = webhookEventData.safeParse(row.data);
  if (!payload.success) {
    return {
      kind: "ended",
      state: "failed",
      error: `Not a webhook event: ${payload.error.message}`,
    };
  }
  return sendWebhook(endpoint, payload.data, ctx.clock.now(), {
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs,
  });
}

import { z } from "zod";
import type { ChannelKind } from "../message-kind";

/**
 * A webhook call (docs/chat.md, "Webhooks"): the Standard Webhooks body `{ id, type, timestamp,
 * data }`, signed and sent as it is stored; parsed when the row is read (delivery-adapter.ts).
 */
export const webhookEventData = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  data: z.unknown(),
});
export type WebhookEventData = z.infer<typeof webhookEventData>;

/**
 * One call to one endpoint (its lane: one call at a time per endpoint). The occasion names the
 * occurrence (a match's id; a test event's own id): queued once per endpoint however often the
 * step that emits it runs.
 */
export const webhookEvent = {
  name: "event",
  channel: "webhook",
  schema: webhookEventData,
  onceKey: (data, to) => `webhook:${to.endpointId}:${data.type}:${to.occasion}`,
} satisfies ChannelKind<WebhookEventData, { endpointId: number; occasion: string }>;

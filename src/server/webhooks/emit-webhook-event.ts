import { randomUUID } from "node:crypto";
import type { WebhookEvent } from "../../shared/chat";
import { queueChatMessages } from "../chat/ledger";
import type { Db, Tx } from "../db/client";
import { webhookEndpoints } from "../db/schema";

/**
 * Queues one signed call per endpoint that subscribed to `type` (docs/chat.md, "Webhooks").
 * `key` names the occurrence (say, the match's id): the same occurrence is queued once per
 * endpoint however often this runs, so a step run again after a crash sends nothing twice.
 * The body is the Standard Webhooks shape: `{ type, timestamp, data }`.
 */
export async function emitWebhookEvent(
  db: Db | Tx,
  now: Date,
  event: { type: WebhookEvent; key: string; data: Record<string, unknown> },
): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints);
  const subscribed = endpoints.filter((e) => e.events.includes(event.type));
  return queueChatMessages(
    db,
    subscribed.map((endpoint) => ({
      channel: "webhook" as const,
      kind: "event" as const,
      dedupeKey: `webhook:${endpoint.id}:${event.type}:${event.key}`,
      endpointId: endpoint.id,
      payload: {
        id: `msg_${randomUUID()}`,
        type: event.type,
        timestamp: now.toISOString(),
        data: event.data,
      },
    })),
  );
}

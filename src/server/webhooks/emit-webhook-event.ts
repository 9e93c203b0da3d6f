import { randomUUID } from "node:crypto";
import type { WebhookEvent } from "../../shared/channels";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { webhookEndpoints } from "../db/schema";
import { webhookEvent } from "../outbox/kinds/webhook-event";
import { queue } from "../outbox/queue";

type Queuer = Pick<AppContext, "clock" | "mailer" | "jobs">;

/** An occurrence to tell the endpoints that subscribed to its `type`. */
export interface WebhookOccurrence {
  type: WebhookEvent;
  key: string;
  data: Record<string, unknown>;
}

/** Calls queued per INSERT: a pairing's events at the largest company stay under the parameter limit. */
const INSERT_BATCH = 1000;

/**
 * Queues one signed call per endpoint that subscribed to `type` (docs/chat.md, "Webhooks").
 * `key` names the occurrence (say, the match's id): the same occurrence is queued once per
 * endpoint however often this runs, so a step run again after a crash sends nothing twice.
 * The body is the Standard Webhooks shape: `{ type, timestamp, data }`. The delivery worker is
 * woken once the caller's transaction has committed.
 */
export async function emitWebhookEvent(
  ctx: Queuer,
  db: Db | Tx,
  event: WebhookOccurrence,
): Promise<number> {
  return emitWebhookEvents(ctx, db, [event]);
}

/** `emitWebhookEvent` of many occurrences (a pairing's matches), the endpoints read once. */
export async function emitWebhookEvents(
  ctx: Queuer,
  db: Db | Tx,
  events: readonly WebhookOccurrence[],
): Promise<number> {
  const now = ctx.clock.now();
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints);
  const calls = events.flatMap((event) =>
    endpoints
      .filter((endpoint) => endpoint.events.includes(event.type))
      .map((endpoint) => ({ endpointId: endpoint.id, occasion: event.key, event })),
  );
  let queued = 0;
  for (let from = 0; from < calls.length; from += INSERT_BATCH) {
    queued += await queue(
      ctx,
      db,
      webhookEvent,
      calls.slice(from, from + INSERT_BATCH),
      (call) => ({
        id: `msg_${randomUUID()}`,
        type: call.event.type,
        timestamp: now.toISOString(),
        data: call.event.data,
      }),
    );
  }
  return queued;
}

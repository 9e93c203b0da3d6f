import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { WebhookBody, WebhookEndpoint, WebhookEvent } from "../../shared/channels";
import type { AppContext } from "../context";
import { webhookEndpoints } from "../db/schema";
import { NotFound, Validation } from "../errors";
import { checkedAddress, RefusedAddress } from "../outbound/public-address";
import { webhookEvent } from "../outbox/kinds/webhook-event";
import { queue } from "../outbox/queue";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const present = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
  pausedAt: row.pausedAt?.toISOString() ?? null,
  pauseReason: row.pauseReason,
});

export async function listWebhooks(ctx: AppContext): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
  return rows.map(present);
}

/**
 * Adds an endpoint with a fresh Standard Webhooks secret, shown to the admin this once. An address
 * that is (or whose name resolves to) a private or internal one is refused unless the company
 * allows it (WEBHOOK_ALLOW_PRIVATE); each call checks again when it is sent (docs/chat.md).
 */
export async function addWebhook(ctx: AppContext, body: WebhookBody) {
  if (!ctx.config.WEBHOOK_ALLOW_PRIVATE) await refuseInternal(body.url);
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ url: body.url, events: [...new Set(body.events)], secret })
    .returning();
  return { ...present(row), secret };
}

async function refuseInternal(url: string) {
  try {
    await checkedAddress(new URL(url).hostname, { allowPrivate: false });
  } catch (error) {
    if (error instanceof RefusedAddress) throw new Validation(error.message, "url");
    throw error;
  }
}

export async function removeWebhook(ctx: AppContext, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw new NotFound("This webhook no longer exists.");
}

/** "Send test event": one signed `test` call to this endpoint, through the same ledger. */
export async function sendTestEvent(ctx: AppContext, id: number): Promise<{ message: string }> {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new NotFound("This webhook no longer exists.");
  const msgId = `msg_${randomUUID()}`;
  await queue(ctx, ctx.db, webhookEvent, [{ endpointId: row.id, occasion: msgId }], {
    id: msgId,
    type: "test",
    timestamp: ctx.clock.now().toISOString(),
    data: { message: "A test event from Cup of Joe." },
  });
  return { message: "Test event queued; its delivery appears in this webhook's log." };
}

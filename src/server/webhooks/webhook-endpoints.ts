import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { WebhookBody, WebhookEndpoint, WebhookEvent } from "../../shared/chat";
import { queueChatMessages } from "../chat/ledger";
import type { AppContext } from "../context";
import { webhookEndpoints } from "../db/schema";
import { NotFound } from "../errors";

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const present = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhooks(ctx: AppContext): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
  return rows.map(present);
}

/** Adds an endpoint with a fresh Standard Webhooks secret, shown to the admin this once. */
export async function addWebhook(ctx: AppContext, body: WebhookBody) {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ url: body.url, events: [...new Set(body.events)], secret })
    .returning();
  return { ...present(row), secret };
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
  await queueChatMessages(ctx.db, [
    {
      channel: "webhook",
      kind: "event",
      dedupeKey: `webhook:${row.id}:test:${msgId}`,
      endpointId: row.id,
      payload: {
        id: msgId,
        type: "test",
        timestamp: ctx.clock.now().toISOString(),
        data: { message: "A test event from Cup of Joe." },
      },
    },
  ]);
  ctx.jobs.wake("chat-delivery");
  return { message: "Test event queued; its delivery appears in this webhook's log." };
}

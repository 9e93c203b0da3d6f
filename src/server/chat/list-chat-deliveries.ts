import { and, desc, eq, type SQL } from "drizzle-orm";
import type { ChatDelivery } from "../../shared/chat";
import type { AppContext } from "../context";
import { chatDeliveries } from "../db/schema";

/** The chat send log (docs/chat.md, "Deliveries"): the latest rows, newest first, with channel. */
export async function listChatDeliveries(
  ctx: AppContext,
  filter: { endpointId?: number } = {},
): Promise<ChatDelivery[]> {
  const where: SQL | undefined =
    filter.endpointId === undefined ? undefined : eq(chatDeliveries.endpointId, filter.endpointId);
  const rows = await ctx.db
    .select()
    .from(chatDeliveries)
    .where(and(where))
    .orderBy(desc(chatDeliveries.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    event: typeof row.payload.type === "string" ? row.payload.type : null,
    state: row.state,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

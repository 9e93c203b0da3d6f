import { and, desc, eq, ne, type SQL } from "drizzle-orm";
import type { ChannelDelivery, ChannelMessageKind, OtherChannel } from "../../shared/channels";
import type { AppContext } from "../context";
import { outgoingMessages } from "../db/schema";

/** The chat send log (docs/chat.md, "Deliveries"): the latest rows, newest first, with channel. */
export async function listChannelDeliveries(
  ctx: AppContext,
  filter: { endpointId?: number } = {},
): Promise<ChannelDelivery[]> {
  const where: SQL | undefined =
    filter.endpointId === undefined
      ? undefined
      : eq(outgoingMessages.endpointId, filter.endpointId);
  const rows = await ctx.db
    .select()
    .from(outgoingMessages)
    .where(and(ne(outgoingMessages.channel, "email"), where))
    .orderBy(desc(outgoingMessages.id))
    .limit(200);
  const now = ctx.clock.now();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel as OtherChannel,
    kind: row.kind as ChannelMessageKind,
    event: eventOf(row.data),
    // A row claimed under a live lease is being sent (outbox/lane-ledger.ts).
    state:
      row.state === "pending" && row.claimedUntil && row.claimedUntil > now ? "sending" : row.state,
    attempts: row.attempts,
    error: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

const eventOf = (data: unknown): string | null => {
  const type = (data as { type?: unknown } | null)?.type;
  return typeof type === "string" ? type : null;
};

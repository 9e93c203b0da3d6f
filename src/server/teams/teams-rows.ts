import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages } from "../db/schema";
import { sentTeamsIntroSql } from "../outbox/kinds/teams-kinds";

/**
 * Teams' rows of the one delivery engine as the senders read them (queue-teams.ts) and the
 * transport (delivery-adapter.ts): by key, and the intros sent. Apart from the transport, so that
 * queueing a Teams message loads none of the sending (docs/architecture.md, "Three walks").
 */

const teamsRow = (key: string) =>
  and(eq(outgoingMessages.channel, "teams"), eq(outgoingMessages.onceKey, key));

/** A queued Teams message by key: its state and what it answered. */
export async function deliveryOf(ctx: AppContext, key: string) {
  const [row] = await ctx.db
    .select({ state: outgoingMessages.state, result: outgoingMessages.result })
    .from(outgoingMessages)
    .where(teamsRow(key));
  return row ?? null;
}

/** Teams intros sent before `before`, with their organiser (for the nudges). */
export async function introsSentBefore(ctx: AppContext, before: Date) {
  const rows = await ctx.db
    .select({ matchId: outgoingMessages.matchId, organiserId: outgoingMessages.organiserId })
    .from(outgoingMessages)
    .where(
      and(
        sentTeamsIntroSql(),
        isNotNull(outgoingMessages.matchId),
        lte(outgoingMessages.sentAt, before),
      ),
    );
  return rows.flatMap((r) => (r.matchId === null ? [] : [{ ...r, matchId: r.matchId }]));
}

/** Which of these keys are queued already. */
export async function queuedKeys(ctx: AppContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.db
    .select({ key: outgoingMessages.onceKey })
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.channel, "teams"), inArray(outgoingMessages.onceKey, keys)));
  return new Set(rows.flatMap((r) => (r.key === null ? [] : [r.key])));
}

import { and, desc, eq } from "drizzle-orm";
import { joinNames } from "../../shared/matches";
import type { AppContext } from "../context";
import { chatDeliveries } from "../db/schema";
import { queueChatMessages } from "./ledger";
import { answeredMessage } from "./slack-messages";

/**
 * An answer given on the check-in page after the Slack check-in went out (docs/chat.md, "The
 * check-in"): the direct message is rewritten to show it (`chat.update`, queued in the ledger
 * like a button press's), so its buttons do not ask again. Nothing when no Slack question was
 * sent to the person for this match; one not yet sent is skipped by its sender, as answered.
 */
export async function showAnswerInChat(
  ctx: AppContext,
  answered: { userId: string; matchId: number; partners: string[]; message: string },
): Promise<void> {
  const [asked] = await ctx.db
    .select({ result: chatDeliveries.result })
    .from(chatDeliveries)
    .where(
      and(
        eq(chatDeliveries.channel, "slack"),
        eq(chatDeliveries.kind, "check_in"),
        eq(chatDeliveries.userId, answered.userId),
        eq(chatDeliveries.matchId, answered.matchId),
        eq(chatDeliveries.state, "sent"),
      ),
    )
    .orderBy(desc(chatDeliveries.id))
    .limit(1);
  const { channel, ts } = (asked?.result ?? {}) as { channel?: string; ts?: string };
  if (!channel || !ts) return;
  const question = `Did you meet ${joinNames(answered.partners)}?`;
  await queueChatMessages(ctx.db, [
    {
      channel: "slack",
      kind: "check_in_update",
      dedupeKey: `slack:update:${channel}:${ts}:page-${ctx.clock.now().getTime()}`,
      matchId: answered.matchId,
      userId: answered.userId,
      payload: { channel, ts, message: answeredMessage(question, answered.message) },
    },
  ]);
  ctx.jobs.wake("chat-delivery");
}

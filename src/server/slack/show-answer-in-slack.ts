import { and, desc, eq } from "drizzle-orm";
import { joinNames } from "../../shared/matches";
import { lateAnswerOf } from "../channels/late-answer";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";
import { slackCheckInUpdate } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";
import { answeredMessage } from "./slack-messages";

/**
 * An answer given on the check-in page after the Slack check-in went out (docs/chat.md, "The
 * check-in"): the direct message is rewritten to show it (`chat.update`, queued in the ledger
 * like a button press's), so its buttons do not ask again. Nothing when no Slack question was
 * sent to the person for this match; one not yet sent is skipped by its sender, as answered, and
 * one being posted right now is rewritten by its sender once posted (`showLateAnswer`).
 */
export async function showAnswerInSlack(
  ctx: AppContext,
  answered: { userId: string; matchId: number; partners: string[]; message: string },
): Promise<void> {
  const [asked] = await ctx.db
    .select({ result: outgoingMessages.result })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.channel, "slack"),
        eq(outgoingMessages.kind, "check_in"),
        eq(outgoingMessages.userId, answered.userId),
        eq(outgoingMessages.matchId, answered.matchId),
        eq(outgoingMessages.state, "sent"),
      ),
    )
    .orderBy(desc(outgoingMessages.id))
    .limit(1);
  const { channel, ts } = (asked?.result ?? {}) as { channel?: string; ts?: string };
  if (!channel || !ts) return;
  await queueAnswerUpdate(ctx, { ...answered, channel, ts }, `page-${ctx.clock.now().getTime()}`);
}

/**
 * Right after a check-in question is recorded sent: an answer given while it was being posted
 * (the page found no sent question to rewrite) is shown in it now, so no buttons stay live.
 * Nothing when the person has not answered.
 */
export async function showLateAnswer(ctx: AppContext, question: OutgoingMessageRow): Promise<void> {
  const { channel, ts } = (question.result ?? {}) as { channel?: string; ts?: string };
  if (!channel || !ts) return;
  const answered = await lateAnswerOf(ctx, question);
  if (answered) await queueAnswerUpdate(ctx, { ...answered, channel, ts }, "late");
}

async function queueAnswerUpdate(
  ctx: AppContext,
  answered: {
    userId: string;
    matchId: number;
    partners: string[];
    message: string;
    channel: string;
    ts: string;
  },
  occasion: string,
) {
  const { channel, ts } = answered;
  const question = `Did you meet ${joinNames(answered.partners)}?`;
  await queue(
    ctx,
    ctx.db,
    slackCheckInUpdate,
    [{ matchId: answered.matchId, userId: answered.userId, occasion }],
    { channel, ts, message: answeredMessage(question, answered.message) },
  );
}

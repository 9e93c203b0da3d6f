import { and, desc, eq } from "drizzle-orm";
import { joinNames } from "../../shared/matches";
import { lateAnswerOf } from "../channels/late-answer";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";
import { teamsCheckInUpdate } from "../outbox/kinds/teams-kinds";
import { queue } from "../outbox/queue";
import { teamsSettings } from "./teams-settings";

/** Where a check-in card was posted: its conversation and the activity id the Bot Connector gave. */
interface PostedCard {
  conversationId: string;
  activityId: string;
}

const postedCard = (result: unknown): PostedCard | null => {
  const { conversationId, activityId } = (result ?? {}) as Record<string, unknown>;
  return typeof conversationId === "string" && typeof activityId === "string"
    ? { conversationId, activityId }
    : null;
};

/**
 * An answer given on the check-in page (or by the e-mail's link) after the Teams check-in card
 * went out (docs/chat.md, "Microsoft Teams"): the card is replaced (`PUT …/activities/{id}`,
 * queued in the Teams lane) by one that shows the answer and offers no buttons. Nothing when no
 * card was sent to the person for this match; one not yet sent is skipped by its sender, as
 * answered, and one being posted right now is replaced by its sender once posted
 * (`showLateAnswerInTeams`).
 */
export async function showAnswerInTeams(
  ctx: AppContext,
  answered: { userId: string; matchId: number; partners: string[]; message: string },
): Promise<void> {
  if (!teamsSettings(ctx.config)) return;
  const [asked] = await ctx.db
    .select({ result: outgoingMessages.result })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.channel, "teams"),
        eq(outgoingMessages.kind, "check_in"),
        eq(outgoingMessages.userId, answered.userId),
        eq(outgoingMessages.matchId, answered.matchId),
        eq(outgoingMessages.state, "sent"),
      ),
    )
    .orderBy(desc(outgoingMessages.id))
    .limit(1);
  const card = postedCard(asked?.result);
  if (!card) return;
  await queueCardUpdate(ctx, answered, card, `page-${ctx.clock.now().getTime()}`);
}

/**
 * Right after a Teams check-in card is recorded sent: an answer given while it was being posted
 * is shown in it now, so no buttons stay live. Nothing when the person has not answered.
 */
export async function showLateAnswerInTeams(
  ctx: AppContext,
  question: Pick<OutgoingMessageRow, "matchId" | "userId" | "result">,
): Promise<void> {
  const card = postedCard(question.result);
  if (!card) return;
  const answered = await lateAnswerOf(ctx, question);
  if (answered) await queueCardUpdate(ctx, answered, card, "late");
}

async function queueCardUpdate(
  ctx: AppContext,
  answered: { userId: string; matchId: number; partners: string[]; message: string },
  card: PostedCard,
  occasion: string,
) {
  await queue(
    ctx,
    ctx.db,
    teamsCheckInUpdate,
    [{ matchId: answered.matchId, userId: answered.userId, occasion }],
    {
      ...card,
      question: `Did you meet ${joinNames(answered.partners)}?`,
      message: answered.message,
    },
  );
}

import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages } from "../db/schema";
import { slackNudge, slackNudgeKey } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";

/** How long after the intro a silent match is nudged. */
export const NUDGE_AFTER_DAYS = 4;

/**
 * Queues the one nudge of each match whose intro went out NUDGE_AFTER_DAYS ago (docs/chat.md,
 * "The nudge"). Whether anyone answered meanwhile is read again when the nudge is sent, so a
 * match that answered in between is skipped; the key (one per match) keeps it to one.
 */
export async function queueDueNudges(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - NUDGE_AFTER_DAYS * 86_400_000);
  const intros = await ctx.db
    .select({
      matchId: outgoingMessages.matchId,
      organiserId: outgoingMessages.organiserId,
      result: outgoingMessages.result,
    })
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, "intro"),
        eq(outgoingMessages.state, "sent"),
        isNotNull(outgoingMessages.matchId),
        lte(outgoingMessages.sentAt, before),
      ),
    );
  if (intros.length === 0) return 0;
  const keys = intros.flatMap((i) => (i.matchId === null ? [] : [slackNudgeKey(i.matchId)]));
  const done = new Set(
    (
      await ctx.db
        .select({ key: outgoingMessages.onceKey })
        .from(outgoingMessages)
        .where(inArray(outgoingMessages.onceKey, keys))
    ).map((r) => r.key),
  );
  const due = intros.filter((i) => i.matchId !== null && !done.has(slackNudgeKey(i.matchId)));
  // The conversation and the organiser are the match's as it is when the nudge is sent
  // (send-slack-message.ts), not the intro's: someone may have left or joined since.
  const targets = due.flatMap((intro) => {
    if (intro.matchId === null) return [];
    if (!(intro.result as { channel?: string } | null)?.channel) return [];
    return [{ matchId: intro.matchId, userId: intro.organiserId }];
  });
  return queue(ctx, ctx.db, slackNudge, targets, {});
}

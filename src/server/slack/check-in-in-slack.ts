import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { outgoingMessages, users } from "../db/schema";
import { slackCheckIn, slackCheckInKey } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";
import {
  effectiveReach,
  getChannelSettings,
  slackConfigured,
  toldInChannelsAlone,
  wantsSlack,
} from "../settings/channel-settings";
import { slackUserIdOf } from "./slack-people";

export type QuestionReach = "channels-only" | "channels-and-email" | "email-only";

/**
 * The check-in question in Slack (docs/chat.md, "The check-in"), for a member who chose Slack or
 * both and whom Slack knows: queued as a direct message with the three buttons. Says whether the
 * e-mail still goes too: always for "both", and for anyone Slack does not know or cannot be
 * asked about right now (e-mail is the fallback).
 */
export async function askCheckInInSlack(
  ctx: AppContext,
  question: { pairingId: number; matchId: number; userId: string },
): Promise<QuestionReach> {
  if (!slackConfigured(ctx)) return "email-only";
  const [person] = await ctx.db
    .select({ id: users.id, email: users.email, reachBy: users.reachBy })
    .from(users)
    .where(eq(users.id, question.userId));
  if (!person) return "email-only";
  const reach = effectiveReach(person.reachBy, await getChannelSettings(ctx.db));
  if (!wantsSlack(reach)) return "email-only";
  const slackUserId = await slackUserIdOf(ctx, person).catch(() => null);
  if (!slackUserId) return "email-only";
  await queue(ctx, ctx.db, slackCheckIn, [{ matchId: question.matchId, userId: question.userId }], {
    pairingId: question.pairingId,
  });
  return toldInChannelsAlone(reach, "slack", true) ? "channels-only" : "channels-and-email";
}

/**
 * Whether the person's question went to Slack alone (they chose Slack and Slack knew them): the
 * e-mail reminder then leaves them be, as they asked not to be reached by e-mail.
 */
export async function askedInSlackOnly(
  ctx: AppContext,
  question: { pairingId: number; userId: string },
): Promise<boolean> {
  const key = slackCheckInKey(question.pairingId, question.userId);
  const [row] = await ctx.db
    .select({ state: outgoingMessages.state, reachBy: users.reachBy })
    .from(outgoingMessages)
    .innerJoin(users, eq(users.id, question.userId))
    .where(eq(outgoingMessages.onceKey, key));
  if (!row || row.state === "skipped" || row.state === "failed") return false;
  return toldInChannelsAlone(
    effectiveReach(row.reachBy, await getChannelSettings(ctx.db)),
    "slack",
    true,
  );
}

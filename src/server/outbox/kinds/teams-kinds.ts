import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { outgoingMessages } from "../../db/schema";
import type { ChannelKind } from "../message-kind";
import { linkAction, noPayload } from "../payload-parts";

/**
 * The Microsoft Teams messages of the one delivery engine (docs/chat.md, "Microsoft Teams"), a
 * kind each with its payload's schema and its once-key, queued with
 * `queue(ctx, tx, kind, targets, data)` (outbox/queue.ts) into Teams' lane; the lane parses each
 * payload with its kind's schema before send-teams.ts reads it.
 */

export const introKey = (matchId: number) => `teams:intro:match-${matchId}`;
export const checkInKey = (pairingId: number, userId: string) =>
  `teams:check-in:pairing-${pairingId}:user-${userId}`;
export const nudgeKey = (matchId: number) => `teams:nudge:match-${matchId}`;

const teamsIntroData = z.object({
  pairingId: z.number().int(),
  month: z.string(),
  starter: z.string(),
});

/** A running match's intro, one per match. */
export const teamsIntro = {
  name: "intro",
  channel: "teams",
  schema: teamsIntroData,
  onceKey: (_data, to) => introKey(to.matchId),
} satisfies ChannelKind<z.infer<typeof teamsIntroData>, { matchId: number; organiserId: string }>;

const teamsCheckInData = z.object({ pairingId: z.number().int() });

/** The check-in question to a member, one per pairing and person. */
export const teamsCheckIn = {
  name: "check_in",
  channel: "teams",
  schema: teamsCheckInData,
  onceKey: (data, to) => checkInKey(data.pairingId, to.userId),
} satisfies ChannelKind<z.infer<typeof teamsCheckInData>, { matchId: number; userId: string }>;

/** The one nudge of a silent match, to its organiser. */
export const teamsNudge = {
  name: "nudge",
  channel: "teams",
  schema: noPayload,
  onceKey: (_data, to) => nudgeKey(to.matchId),
} satisfies ChannelKind<z.infer<typeof noPayload>, { matchId: number; userId: string | null }>;

const teamsStillInData = z.object({ questionId: z.number().int().positive() });

/** "Still up for coffee chats?", one per question. */
export const teamsStillIn = {
  name: "still_in",
  channel: "teams",
  schema: teamsStillInData,
  onceKey: (data, _to) => `teams:still-in:question-${data.questionId}`,
} satisfies ChannelKind<z.infer<typeof teamsStillInData>, { userId: string }>;

/**
 * A change to a told match, said in the person's chat with the bot, or once in the match's group
 * chat (`chatId`); `fallbacks` are the e-mails it replaces (each a `match-change` kind's data,
 * parsed with that kind's schema when sent), sent should it not go out
 * (pairings/current/channel-change-notes.ts).
 */
export const teamsChangeData = z.object({
  title: z.string(),
  lines: z.array(z.string()),
  action: linkAction.optional(),
  chatId: z.string().optional(),
  fallbacks: z.array(z.object({ email: z.string(), data: z.unknown() })),
});

export const teamsChange = {
  name: "change",
  channel: "teams",
  schema: teamsChangeData,
  // A change has no id of its own; its transaction commits it once.
  onceKey: (data, to) =>
    data.chatId
      ? `teams:change:chat-${data.chatId}:${randomUUID()}`
      : `teams:change:user-${to.userId}:${randomUUID()}`,
} satisfies ChannelKind<
  z.infer<typeof teamsChangeData>,
  { userId?: string; matchId?: number | null }
>;

const teamsCheckInUpdateData = z.object({
  conversationId: z.string(),
  activityId: z.string(),
  question: z.string(),
  message: z.string(),
});

/** A check-in card already posted, replaced to show the answer given elsewhere. */
export const teamsCheckInUpdate = {
  name: "check_in_update",
  channel: "teams",
  schema: teamsCheckInUpdateData,
  onceKey: (data, to) => `teams:update:${data.activityId}:${to.occasion}`,
} satisfies ChannelKind<
  z.infer<typeof teamsCheckInUpdateData>,
  { userId: string; matchId: number; occasion: string }
>;

/** A Teams intro that went out: the rows the nudges and the group-chat change notes read. */
export const sentTeamsIntroSql = () =>
  and(
    eq(outgoingMessages.channel, "teams"),
    eq(outgoingMessages.kind, "intro"),
    eq(outgoingMessages.state, "sent"),
  );

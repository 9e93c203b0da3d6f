import { randomUUID } from "node:crypto";
import type { ChannelKind } from "../message-kind";

/**
 * The Microsoft Teams messages of the one delivery engine (docs/chat.md, "Microsoft Teams"), a
 * kind each with its once-key, queued with `queue(ctx, tx, kind, targets, data)`
 * (outbox/queue.ts) into Teams' lane; send-teams.ts reads each payload with its schema.
 */

export const introKey = (matchId: number) => `teams:intro:match-${matchId}`;
export const checkInKey = (pairingId: number, userId: string) =>
  `teams:check-in:pairing-${pairingId}:user-${userId}`;
export const nudgeKey = (matchId: number) => `teams:nudge:match-${matchId}`;

/** A running match's intro, one per match. */
export const teamsIntro = {
  name: "intro",
  channel: "teams",
  onceKey: (_data, to) => introKey(to.matchId),
} satisfies ChannelKind<
  { pairingId: number; month: string; starter: string },
  { matchId: number; organiserId: string }
>;

/** The check-in question to a member, one per pairing and person. */
export const teamsCheckIn = {
  name: "check_in",
  channel: "teams",
  onceKey: (data, to) => checkInKey(data.pairingId, to.userId),
} satisfies ChannelKind<{ pairingId: number }, { matchId: number; userId: string }>;

/** The one nudge of a silent match, to its organiser. */
export const teamsNudge = {
  name: "nudge",
  channel: "teams",
  onceKey: (_data, to) => nudgeKey(to.matchId),
} satisfies ChannelKind<Record<string, never>, { matchId: number; userId: string | null }>;

/** "Still up for coffee chats?", one per question. */
export const teamsStillIn = {
  name: "still_in",
  channel: "teams",
  onceKey: (data, _to) => `teams:still-in:question-${data.questionId}`,
} satisfies ChannelKind<{ questionId: number }, { userId: string }>;

/**
 * A change to a told match, said in the person's chat with the bot, or once in the match's group
 * chat (`chatId`); `fallbacks` are the e-mails it replaces, sent should it not go out
 * (pairings/current/chat-change-notes.ts).
 */
export const teamsChange = {
  name: "change",
  channel: "teams",
  // A change has no id of its own; its transaction commits it once.
  onceKey: (data, to) =>
    data.chatId
      ? `teams:change:chat-${data.chatId}:${randomUUID()}`
      : `teams:change:user-${to.userId}:${randomUUID()}`,
} satisfies ChannelKind<
  {
    title: string;
    lines: string[];
    action?: { url: string; label: string };
    chatId?: string;
    fallbacks: { email: string; data: unknown }[];
  },
  { userId?: string; matchId?: number | null }
>;
/** A check-in card already posted, replaced to show the answer given elsewhere. */
export const teamsCheckInUpdate = {
  name: "check_in_update",
  channel: "teams",
  onceKey: (data, to) => `teams:update:${data.activityId}:${to.occasion}`,
} satisfies ChannelKind<
  { conversationId: string; activityId: string; question: string; message: string },
  { userId: string; matchId: number; occasion: string }
>;

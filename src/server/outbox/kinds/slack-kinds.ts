import { z } from "zod";
import type { ChannelKind } from "../message-kind";
import { noPayload } from "../payload-parts";

/**
 * The Slack messages of the one delivery engine (docs/chat.md, "Deliveries"), a kind each: its
 * payload, parsed when the row is read (send-slack-message.ts), and its once-key. Queued with
 * `queue(ctx, tx, kind, targets, data)` (outbox/queue.ts) into Slack's lane.
 */

export const slackIntroData = z.object({
  pairingId: z.number().int(),
  month: z.string(),
  starter: z.string(),
});

/** The intro of a running match (docs/chat.md, "The intro"): one per match. */
export const slackIntro = {
  name: "intro",
  channel: "slack",
  schema: slackIntroData,
  onceKey: (_data, to) => slackIntroKey(to.matchId),
} satisfies ChannelKind<z.infer<typeof slackIntroData>, { matchId: number; organiserId: string }>;

export const slackIntroKey = (matchId: number) => `slack:intro:match-${matchId}`;

/** The check-in question to one member (docs/chat.md, "The check-in"): one per pairing and person. */
export const slackCheckInData = z.object({ pairingId: z.number().int() });

export const slackCheckIn = {
  name: "check_in",
  channel: "slack",
  schema: slackCheckInData,
  onceKey: (data, to) => slackCheckInKey(data.pairingId, to.userId),
} satisfies ChannelKind<z.infer<typeof slackCheckInData>, { matchId: number; userId: string }>;

export const slackCheckInKey = (pairingId: number, userId: string) =>
  `slack:check-in:pairing-${pairingId}:user-${userId}`;

/** A pressed check-in message rewritten with its answer (`chat.update`): one per press. */
export const slackCheckInUpdateData = z.object({
  channel: z.string(),
  ts: z.string(),
  message: z.object({ text: z.string(), blocks: z.array(z.any()) }),
});

export const slackCheckInUpdate = {
  name: "check_in_update",
  channel: "slack",
  schema: slackCheckInUpdateData,
  onceKey: (data, to) => `slack:update:${data.channel}:${data.ts}:${to.occasion}`,
} satisfies ChannelKind<
  z.infer<typeof slackCheckInUpdateData>,
  { userId: string | null; matchId?: number; occasion: string }
>;

/** The one nudge of a silent match (docs/chat.md, "The nudge"), to its organiser: no payload. */
export const slackNudge = {
  name: "nudge",
  channel: "slack",
  schema: noPayload,
  onceKey: (_data, to) => slackNudgeKey(to.matchId),
} satisfies ChannelKind<z.infer<typeof noPayload>, { matchId: number; userId: string | null }>;

export const slackNudgeKey = (matchId: number) => `slack:nudge:match-${matchId}`;

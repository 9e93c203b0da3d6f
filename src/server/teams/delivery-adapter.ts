import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { ChatMessageKind } from "../../shared/chat";
import { queueChatMessages, recordChatProgress } from "../chat/ledger";
import type { ChatOutcome } from "../chat/outcome";
import type { AppContext } from "../context";
import { type ChatDeliveryRow, chatDeliveries } from "../db/schema";
import { chatDeliveryTrigger } from "../job-triggers";
import { MicrosoftCallError, refusedCall } from "./microsoft-calls";
import { sendTeams } from "./send-teams";
import { teamsSettings } from "./teams-settings";

/**
 * The one place Teams meets the delivery queue (docs/chat.md, "Microsoft Teams";
 * docs/decisions/0075-teams-app.md): Teams messages are rows of channel `teams` in its own lane,
 * queued once by key, and this transport sends one and says sent, retry (after Teams'
 * Retry-After on a 429) or ended. Everything else in this folder knows nothing of the queue.
 */

export interface TeamsDelivery {
  kind: Extract<ChatMessageKind, "intro" | "check_in" | "nudge">;
  key: string;
  matchId: number;
  userId?: string | null;
  organiserId?: string | null;
  payload: Record<string, unknown>;
}

/** Queues messages not queued before (by key) and wakes the sender; resolves how many are new. */
export async function queueTeamsMessages(ctx: AppContext, messages: TeamsDelivery[]) {
  const queued = await queueChatMessages(
    ctx.db,
    messages.map(({ key, ...message }) => ({ channel: "teams", dedupeKey: key, ...message })),
  );
  if (queued > 0) ctx.jobs.wake(chatDeliveryTrigger);
  return queued;
}

/** The transport: one row of channel `teams`, sent. */
export async function sendTeamsDelivery(
  ctx: AppContext,
  row: ChatDeliveryRow,
): Promise<ChatOutcome> {
  const settings = teamsSettings(ctx.config);
  if (!settings) return { kind: "ended", state: "skipped", error: "Teams is not configured." };
  let progress = row.result;
  try {
    const outcome = await sendTeams(ctx, settings, {
      ...row,
      progress,
      keep: async (kept) => {
        progress = kept;
        await recordChatProgress(ctx.db, row, kept);
      },
      introOf: async (matchId) => (await deliveryOf(ctx, introKey(matchId)))?.result ?? null,
    });
    if ("sent" in outcome) return { kind: "sent", result: outcome.sent };
    return {
      kind: "ended",
      state: outcome.ended,
      error: outcome.error,
      tellByEmail: outcome.tellByEmail,
    };
  } catch (error) {
    if (!(error instanceof MicrosoftCallError)) throw error;
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds ?? 1;
      return {
        kind: "retry",
        afterMs: seconds * 1000,
        error: `Teams asked to wait ${seconds} s. ${error.message}`,
      };
    }
    if (refusedCall(error)) return { kind: "ended", state: "failed", error: error.message };
    return { kind: "retry", error: error.message };
  }
}

export const introKey = (matchId: number) => `teams:intro:match-${matchId}`;
export const checkInKey = (pairingId: number, userId: string) =>
  `teams:check-in:pairing-${pairingId}:user-${userId}`;
export const nudgeKey = (matchId: number) => `teams:nudge:match-${matchId}`;

/** A queued Teams message by key: its state and what it answered. */
export async function deliveryOf(ctx: AppContext, key: string) {
  const [row] = await ctx.db
    .select({ state: chatDeliveries.state, result: chatDeliveries.result })
    .from(chatDeliveries)
    .where(eq(chatDeliveries.dedupeKey, key));
  return row ?? null;
}

/** Teams intros sent before `before`, with their organiser (for the nudges). */
export async function introsSentBefore(ctx: AppContext, before: Date) {
  const rows = await ctx.db
    .select({ matchId: chatDeliveries.matchId, organiserId: chatDeliveries.organiserId })
    .from(chatDeliveries)
    .where(
      and(
        eq(chatDeliveries.channel, "teams"),
        eq(chatDeliveries.kind, "intro"),
        eq(chatDeliveries.state, "sent"),
        isNotNull(chatDeliveries.matchId),
        lte(chatDeliveries.sentAt, before),
      ),
    );
  return rows.flatMap((r) => (r.matchId === null ? [] : [{ ...r, matchId: r.matchId }]));
}

/** Which of these keys are queued already. */
export async function queuedKeys(ctx: AppContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.db
    .select({ key: chatDeliveries.dedupeKey })
    .from(chatDeliveries)
    .where(inArray(chatDeliveries.dedupeKey, keys));
  return new Set(rows.map((r) => r.key));
}

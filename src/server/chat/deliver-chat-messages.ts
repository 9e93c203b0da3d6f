import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { type ChatDeliveryRow, webhookEndpoints } from "../db/schema";
import { backoffDelayMs } from "../mail/mail-failure";
import {
  claimDueChatMessages,
  holdChatMessage,
  recordChatEnded,
  recordChatRetry,
  recordChatSent,
} from "./ledger";
import type { ChatOutcome } from "./outcome";
import { sendSlackMessage } from "./send-slack-message";
import { sendWebhook } from "./send-webhook";

/** Backoff of a chat delivery after an outage: 2 s doubling up to 10 min, with jitter. */
const BACKOFF = { baseMs: 2000, capMs: 10 * 60_000 };
/** A delivery failing this long in a row gives up. */
export const CHAT_RETRY_HORIZON_MS = 24 * 3_600_000;
export const CHAT_LEASE_MS = 60_000;

export interface ChatPassOptions {
  /** Who claims (`host:pid:random`): a row is settled only by its claimer. */
  owner: string;
  limit?: number;
  leaseMs?: number;
}

/**
 * One pass over the chat ledger (docs/chat.md, "Deliveries"): claims the due rows under a lease
 * and sends them one by one, each settled right after its answer, so a crash repeats at most the
 * message in flight. Each row's lease is renewed just before it is sent: a pass that stalled past
 * its lease skips the rows another process has taken meanwhile. Resolves how many rows it claimed (0: nothing was due).
 */
export async function deliverDueChatMessages(
  ctx: AppContext,
  { owner, limit = 20, leaseMs = CHAT_LEASE_MS }: ChatPassOptions,
): Promise<number> {
  const batch = await claimChatBatch(ctx, { owner, limit, leaseMs });
  await deliverClaimedChatMessages(ctx, batch, { owner, leaseMs });
  return batch.length;
}

/** Claims up to `limit` due rows of the chat ledger for `owner` under a lease. */
export function claimChatBatch(
  ctx: AppContext,
  { owner, limit = 20, leaseMs = CHAT_LEASE_MS }: ChatPassOptions,
): Promise<ChatDeliveryRow[]> {
  return claimDueChatMessages(ctx.db, owner, { now: ctx.clock.now(), leaseMs, limit });
}

/** Sends claimed rows one by one, each held again just before its send and settled right after. */
export async function deliverClaimedChatMessages(
  ctx: AppContext,
  batch: ChatDeliveryRow[],
  { owner, leaseMs = CHAT_LEASE_MS }: ChatPassOptions,
): Promise<void> {
  for (const row of batch) {
    const now = ctx.clock.now();
    if (!(await holdChatMessage(ctx.db, row, owner, { now, leaseMs }))) continue;
    const outcome = await attempt(ctx, row);
    await settle(ctx, row, owner, outcome);
  }
}

async function attempt(ctx: AppContext, row: ChatDeliveryRow): Promise<ChatOutcome> {
  if (row.channel === "slack") return sendSlackMessage(ctx, row);
  if (row.endpointId === null) {
    return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  }
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  const payload = row.payload as { id: string; type: string; timestamp: string; data: unknown };
  return sendWebhook(endpoint, payload, ctx.clock.now());
}

async function settle(ctx: AppContext, row: ChatDeliveryRow, owner: string, outcome: ChatOutcome) {
  const now = ctx.clock.now();
  if (outcome.kind === "sent") return recordChatSent(ctx.db, row, owner, now, outcome.result);
  if (outcome.kind === "ended") {
    return recordChatEnded(ctx.db, row, owner, outcome.state, outcome.error);
  }
  const failingSince = row.failingSince ?? now;
  if (
    outcome.afterMs === undefined &&
    now.getTime() - failingSince.getTime() >= CHAT_RETRY_HORIZON_MS
  ) {
    return recordChatEnded(
      ctx.db,
      row,
      owner,
      "failed",
      `Gave up after 24 hours: ${outcome.error}`,
    );
  }
  const delay = outcome.afterMs ?? backoffDelayMs(row.attempts, BACKOFF);
  return recordChatRetry(ctx.db, row, owner, {
    at: new Date(now.getTime() + delay),
    error: outcome.error,
    failingSince,
  });
}

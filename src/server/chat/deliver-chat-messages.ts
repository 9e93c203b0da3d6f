import { eq } from "drizzle-orm";
import type { ChatChannel } from "../../shared/chat";
import type { AppContext } from "../context";
import { type OutgoingMessageRow, webhookEndpoints } from "../db/schema";
import { CHANNEL_LEASE_MS, type ChannelLanes, channelLanes } from "../outbox/channel-lanes";
import type { ChannelTransport, SendOutcome } from "../outbox/channels";
import { recordEndpointOutcome } from "./endpoint-breaker";
import { sendSlackMessage } from "./send-slack-message";
import { sendWebhook } from "./send-webhook";
import { showLateAnswer } from "./show-answer-in-chat";

export const CHAT_LEASE_MS = CHANNEL_LEASE_MS;

export interface ChatLaneOptions {
  /** Who claims (`host:pid:random`): a row is settled only by its claimer. */
  owner: string;
  leaseMs?: number;
  /** How long a webhook receiver has to answer (send-webhook.ts's 15 s by default). */
  webhookTimeoutMs?: number;
  /** True once the job was asked to stop: a lane finishes its message in flight and takes no more. */
  stopping?: () => boolean;
  /** Where a lane that threw is reported, and an endpoint the breaker paused. */
  log?: (line: string) => void;
  /**
   * The e-mail fallback of a Slack intro that did not go out (failed, or a member no longer
   * found in Slack): queues its members' announcement e-mail durably, before the row is settled,
   * so a crash in between tries the row again rather than losing the e-mail. Wired by the job
   * (jobs/definitions/chat-delivery.ts); the chat folder does not reach the mail ledger itself.
   */
  introNotSent?: (row: OutgoingMessageRow) => Promise<unknown>;
  /**
   * Transports of channels that live outside this folder (Teams: teams/delivery-adapter.ts),
   * wired by the job so chat/ imports none of them.
   */
  transports?: Partial<Record<ChatChannel, ChannelTransport>>;
}

export type ChatLanes = ChannelLanes;

/** The transports of Slack and webhooks (docs/chat.md, "Adding a channel"). */
function chatTransports(ctx: AppContext): Record<"slack" | "webhook", ChannelTransport> {
  return {
    slack: (row) => sendSlackMessage(ctx, row),
    webhook: (row, { timeoutMs }) => callWebhook(ctx, row, timeoutMs),
  };
}

/**
 * Slack's and each webhook endpoint's lanes of the one delivery engine (outbox/channel-lanes.ts,
 * docs/chat.md "Lanes and the breaker"), with what these channels do around a send: an intro's
 * e-mail fallback, a late check-in answer, the endpoint breaker.
 */
export function chatLanes(ctx: AppContext, options: ChatLaneOptions): ChannelLanes {
  const log = options.log ?? (() => {});
  return channelLanes(ctx, {
    owner: options.owner,
    leaseMs: options.leaseMs ?? CHAT_LEASE_MS,
    timeoutMs: options.webhookTimeoutMs,
    stopping: options.stopping,
    log,
    transports: { ...options.transports, ...chatTransports(ctx) },
    beforeSettle: async (row, outcome) => {
      if (row.channel !== "webhook" && row.kind === "intro" && outcome.kind === "ended") {
        if (outcome.state === "failed" || outcome.tellByEmail) await options.introNotSent?.(row);
      }
    },
    afterSettle: (row, outcome) => afterChatSettle(ctx, row, outcome, log),
  });
}

async function afterChatSettle(
  ctx: AppContext,
  row: OutgoingMessageRow,
  outcome: SendOutcome,
  log: (line: string) => void,
) {
  // An answer given on the page while the question was being posted (docs/chat.md, "The check-in").
  if (row.kind === "check_in" && outcome.kind === "sent") {
    await showLateAnswer(ctx, { ...row, result: outcome.result });
  }
  if (row.channel === "webhook" && row.endpointId !== null) {
    const paused = await recordEndpointOutcome(ctx.db, row.endpointId, outcome, ctx.clock.now());
    if (paused) log(`Webhooks: endpoint ${row.endpointId} paused. ${paused}`);
  }
}

/**
 * Everything due now, every lane to its end (tests step the ledger this way after moving
 * ctx.clock). Resolves how many rows were claimed (0: nothing was due).
 */
export async function deliverDueChatMessages(
  ctx: AppContext,
  options: ChatLaneOptions,
): Promise<number> {
  const lanes = chatLanes(ctx, options);
  for (let row = await lanes.claim(); row; row = await lanes.claim()) lanes.start(row);
  await lanes.drain();
  return lanes.claimed;
}

async function callWebhook(
  ctx: AppContext,
  row: OutgoingMessageRow,
  timeoutMs: number | undefined,
): Promise<SendOutcome> {
  if (row.endpointId === null) {
    return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  }
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  const payload = row.data as { id: string; type: string; timestamp: string; data: unknown };
  return sendWebhook(endpoint, payload, ctx.clock.now(), {
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs,
  });
}

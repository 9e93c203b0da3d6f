import { eq } from "drizzle-orm";
import type { ChatChannel } from "../../shared/chat";
import type { AppContext } from "../context";
import { type ChatDeliveryRow, webhookEndpoints } from "../db/schema";
import { backoffDelayMs } from "../mail/mail-failure";
import { recordEndpointOutcome } from "./endpoint-breaker";
import {
  claimNextChatMessage,
  holdChatMessage,
  laneOf,
  recordChatEnded,
  recordChatRetry,
  recordChatSent,
} from "./ledger";
import type { ChatOutcome } from "./outcome";
import { sendSlackMessage } from "./send-slack-message";
import { sendWebhook } from "./send-webhook";
import { showLateAnswer } from "./show-answer-in-chat";

/** Backoff of a chat delivery after an outage: 2 s doubling up to 10 min, with jitter. */
const BACKOFF = { baseMs: 2000, capMs: 10 * 60_000 };
/** A delivery failing this long in a row gives up. */
export const CHAT_RETRY_HORIZON_MS = 24 * 3_600_000;
export const CHAT_LEASE_MS = 60_000;

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
  introNotSent?: (row: ChatDeliveryRow) => Promise<unknown>;
  /**
   * Channels whose sender lives outside this folder (Teams: teams/delivery-adapter.ts), wired by
   * the job so chat/ imports none of them.
   */
  senders?: Partial<Record<ChatChannel, (row: ChatDeliveryRow) => Promise<ChatOutcome>>>;
}

/** The lanes of one worker (docs/chat.md, "Lanes and the breaker"). */
export interface ChatLanes {
  /** Claims the earliest due message of a lane not running here, or null when none is due. */
  claim(): Promise<ChatDeliveryRow | null>;
  /** Runs the claimed row's lane beside the others: that row, then its lane's next due rows. */
  start(row: ChatDeliveryRow): void;
  /** Resolves once every lane started here has finished. */
  drain(): Promise<void>;
  /** Rows claimed so far, by `claim` and by the lanes. */
  readonly claimed: number;
}

/**
 * Slack and each webhook endpoint are lanes (docs/chat.md, "Lanes and the breaker"): a lane sends
 * one message at a time, each held again just before its send and settled right after its answer,
 * so a crash repeats at most the message in flight; lanes run side by side, so a receiver that
 * never answers delays only its own lane. A lane stops at a message to retry (its receiver is in
 * trouble; the message waits for its backoff) and when the job stops.
 */
export function chatLanes(ctx: AppContext, options: ChatLaneOptions): ChatLanes {
  const { owner, leaseMs = CHAT_LEASE_MS, stopping = () => false, log = () => {} } = options;
  const running = new Map<number, Promise<void>>();
  let claimed = 0;
  const claimNext = async (lane?: number) => {
    const row = await claimNextChatMessage(ctx.db, owner, {
      now: ctx.clock.now(),
      leaseMs,
      lane,
      busyLanes: lane === undefined ? [...running.keys()] : [],
    });
    if (row) claimed++;
    return row;
  };
  const runLane = async (first: ChatDeliveryRow) => {
    for (let row: ChatDeliveryRow | null = first; row; ) {
      const outcome = await deliverOne(ctx, row, { ...options, leaseMs, log });
      if (!outcome || outcome.kind === "retry" || stopping()) return;
      row = await claimNext(laneOf(row));
    }
  };
  return {
    claim: () => claimNext(),
    start(row) {
      const lane = laneOf(row);
      const done = runLane(row)
        .catch((error: Error) => log(`Chat deliveries: lane ${lane} stopped: ${error.message}`))
        .finally(() => running.delete(lane));
      running.set(lane, done);
    },
    async drain() {
      while (running.size > 0) await Promise.all(running.values());
    },
    get claimed() {
      return claimed;
    },
  };
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

/** Holds, sends and settles one row; undefined when the row was taken over meanwhile. */
async function deliverOne(
  ctx: AppContext,
  row: ChatDeliveryRow,
  options: ChatLaneOptions & { leaseMs: number; log: (line: string) => void },
): Promise<ChatOutcome | undefined> {
  const { owner, leaseMs } = options;
  if (!(await holdChatMessage(ctx.db, row, owner, { now: ctx.clock.now(), leaseMs }))) return;
  const outcome = finalOutcome(row, await attempt(ctx, row, options), ctx);
  if (row.channel !== "webhook" && row.kind === "intro" && outcome.kind === "ended") {
    if (outcome.state === "failed" || outcome.tellByEmail) await options.introNotSent?.(row);
  }
  await settle(ctx, row, owner, outcome);
  // An answer given on the page while the question was being posted (docs/chat.md, "The check-in").
  if (row.kind === "check_in" && outcome.kind === "sent") {
    await showLateAnswer(ctx, { ...row, result: outcome.result });
  }
  if (row.channel === "webhook" && row.endpointId !== null) {
    const paused = await recordEndpointOutcome(ctx.db, row.endpointId, outcome, ctx.clock.now());
    if (paused) options.log(`Webhooks: endpoint ${row.endpointId} paused. ${paused}`);
  }
  return outcome;
}

async function attempt(
  ctx: AppContext,
  row: ChatDeliveryRow,
  options: ChatLaneOptions,
): Promise<ChatOutcome> {
  if (row.channel === "slack") return sendSlackMessage(ctx, row);
  const sender = options.senders?.[row.channel];
  if (sender) return sender(row);
  if (row.channel !== "webhook") {
    return { kind: "retry", error: `No sender of ${row.channel} messages in this process.` };
  }
  if (row.endpointId === null) {
    return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  }
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return { kind: "ended", state: "skipped", error: "The endpoint was removed." };
  const payload = row.payload as { id: string; type: string; timestamp: string; data: unknown };
  return sendWebhook(endpoint, payload, ctx.clock.now(), {
    allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: options.webhookTimeoutMs,
  });
}

/** An outage past the retry horizon gives up: the attempt's outcome is then a failure. */
function finalOutcome(row: ChatDeliveryRow, outcome: ChatOutcome, ctx: AppContext): ChatOutcome {
  if (outcome.kind !== "retry" || outcome.afterMs !== undefined) return outcome;
  const failingSince = row.failingSince ?? ctx.clock.now();
  if (ctx.clock.now().getTime() - failingSince.getTime() < CHAT_RETRY_HORIZON_MS) return outcome;
  return { kind: "ended", state: "failed", error: `Gave up after 24 hours: ${outcome.error}` };
}

async function settle(ctx: AppContext, row: ChatDeliveryRow, owner: string, outcome: ChatOutcome) {
  const now = ctx.clock.now();
  if (outcome.kind === "sent") return recordChatSent(ctx.db, row, owner, now, outcome.result);
  if (outcome.kind === "ended") {
    return recordChatEnded(ctx.db, row, owner, outcome.state, outcome.error);
  }
  const failingSince = row.failingSince ?? now;
  const delay = outcome.afterMs ?? backoffDelayMs(row.attempts, BACKOFF);
  return recordChatRetry(ctx.db, row, owner, {
    at: new Date(now.getTime() + delay),
    error: outcome.error,
    failingSince,
  });
}

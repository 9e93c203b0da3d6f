import {
  CHAT_LEASE_MS,
  type ChatLaneOptions,
  type ChatLanes,
  chatLanes,
} from "../../channels/deliver-chat-messages";
import type { AppContext } from "../../context";
import type { OutgoingMessageRow } from "../../db/schema";
import { chatDeliveryTrigger } from "../../job-triggers";
import { mailFailedIntro } from "../../newsletters/send/failed-intro-mail";
import { slackAdapter } from "../../slack/delivery-adapter";
import { queueDueNudges } from "../../slack/queue-nudges";
import { teamsAdapter } from "../../teams/delivery-adapter";
import { queueDueTeamsNudges } from "../../teams/queue-teams";
import { webhookAdapter } from "../../webhooks/delivery-adapter";
import type { JobDefinition, JobRun } from "../job";
import type { JobLogs } from "./job-logs";

/** Every channel of the chat lanes with its adapter: the one place they are wired together. */
function chatChannels(ctx: AppContext, log: (line: string) => void): ChatLaneOptions["channels"] {
  return {
    slack: slackAdapter(ctx),
    teams: teamsAdapter(ctx),
    webhook: webhookAdapter(ctx, log),
  };
}

/**
 * Everything due now in every channel, every lane to its end (tests step the engine this way
 * after moving ctx.clock). Resolves how many rows were claimed (0: nothing was due).
 */
export async function deliverDueChatMessages(
  ctx: AppContext,
  options: Omit<ChatLaneOptions, "channels">,
): Promise<number> {
  const lanes = chatLanes(ctx, {
    ...options,
    channels: chatChannels(ctx, options.log ?? (() => {})),
  });
  for (let row = await lanes.claim(); row; row = await lanes.claim()) lanes.start(row);
  await lanes.drain();
  return lanes.claimed;
}

/**
 * Slack and Teams messages and webhook calls (docs/chat.md, "Deliveries", "Lanes and the breaker"): each
 * look first queues the nudges that fell due, then claims the next due row of each free lane
 * (Slack, each webhook endpoint) and starts that lane beside the others; `work` returns at once,
 * so a lane waiting on a slow receiver never holds up the next claim. A stop lets every lane
 * finish its message in flight. Woken when an intro, a check-in or an event was queued here.
 */
export function chatDeliveryJob(
  ctx: AppContext,
  logs: JobLogs,
  options: { webhookTimeoutMs?: number; pollMs?: number } = {},
): JobDefinition<OutgoingMessageRow> {
  const lanesByOwner = new Map<string, ChatLanes>();
  const lanesOf = (run: JobRun) => {
    let lanes = lanesByOwner.get(run.owner);
    if (!lanes) {
      lanes = chatLanes(ctx, {
        owner: run.owner,
        leaseMs: run.leaseMs,
        webhookTimeoutMs: options.webhookTimeoutMs,
        stopping: () => run.stopping,
        log: logs.warn,
        introNotSent: (row) => mailFailedIntro(ctx, row),
        channels: chatChannels(ctx, logs.warn),
      });
      lanesByOwner.set(run.owner, lanes);
    }
    return lanes;
  };
  return {
    name: chatDeliveryTrigger.jobName,
    trigger: chatDeliveryTrigger,
    label: "Chat deliveries",
    pollMs: options.pollMs ?? 2000,
    leaseMs: CHAT_LEASE_MS,
    wake: ctx.jobs.signal(chatDeliveryTrigger),
    log: logs.warn,
    prepare: async () => {
      await queueDueNudges(ctx);
      await queueDueTeamsNudges(ctx);
    },
    claim: (run) => lanesOf(run).claim(),
    work: async (row, run) => lanesOf(run).start(row),
    drain: async () => {
      await Promise.all([...lanesByOwner.values()].map((lanes) => lanes.drain()));
    },
  };
}

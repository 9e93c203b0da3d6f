import {
  CHAT_LEASE_MS,
  claimChatBatch,
  deliverClaimedChatMessages,
} from "../../chat/deliver-chat-messages";
import { queueDueNudges } from "../../chat/queue-nudges";
import type { AppContext } from "../../context";
import type { ChatDeliveryRow } from "../../db/schema";
import type { JobDefinition } from "../job";
import type { JobLogs } from "./job-logs";

const NAME = "chat-delivery";

/**
 * Slack messages and webhook calls (docs/chat.md, "Deliveries"): each look first queues the nudges
 * that fell due, then claims due rows of the chat ledger under a lease and sends them one by one,
 * each row's lease renewed just before its send. Woken when an intro, a check-in or an event was
 * queued in this process.
 */
export function chatDeliveryJob(ctx: AppContext, logs: JobLogs): JobDefinition<ChatDeliveryRow[]> {
  return {
    name: NAME,
    label: "Chat deliveries",
    pollMs: 2000,
    leaseMs: CHAT_LEASE_MS,
    wake: ctx.jobs.signal(NAME),
    log: logs.warn,
    prepare: () => queueDueNudges(ctx).then(() => undefined),
    async claim(run) {
      const batch = await claimChatBatch(ctx, { owner: run.owner, leaseMs: run.leaseMs });
      return batch.length > 0 ? batch : null;
    },
    work: (batch, run) =>
      deliverClaimedChatMessages(ctx, batch, { owner: run.owner, leaseMs: run.leaseMs }),
  };
}

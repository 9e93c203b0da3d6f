import type { OtherChannel } from "../../shared/channels";
import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import { CHANNEL_LEASE_MS, type ChannelLanes, channelLanes } from "../outbox/channel-lanes";
import type { ChannelTransport, SendOutcome } from "../outbox/channels";
import type { ChannelKindLookup } from "../outbox/message-kind";

/**
 * What one channel plugs into the lanes (docs/chat.md, "Adding a channel"): its transport, and
 * what it does once one of its rows is settled (Slack: show a late check-in answer; webhooks: the
 * endpoint breaker). Each channel's folder (slack/, webhooks/, teams/) builds its own, and the job
 * wires them (jobs/definitions/channel-transports.ts), so channels/ imports none of them.
 */
export interface ChannelAdapter {
  send: ChannelTransport;
  /** What must be done durably before one of its rows is settled (Teams: a change note's e-mail). */
  beforeSettle?: (row: OutgoingMessageRow, outcome: SendOutcome) => Promise<unknown>;
  afterSettle?: (row: OutgoingMessageRow, outcome: SendOutcome) => Promise<unknown>;
}

export interface ChannelDeliveryOptions {
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
   * (jobs/definitions/channel-transports.ts); channels/ does not reach the mail ledger itself.
   */
  introNotSent?: (row: OutgoingMessageRow) => Promise<unknown>;
  /** The channels that deliver, each with its adapter. */
  channels: Partial<Record<OtherChannel, ChannelAdapter>>;
  /** The kind a row names, whose schema its payload is parsed with (jobs/message-kinds.ts). */
  kindNamed: ChannelKindLookup;
}

/**
 * The lanes of Slack, Teams and each webhook endpoint in the one delivery engine, run by the
 * outbox's worker beside its e-mail batches (jobs/definitions/outbox-delivery.ts,
 * outbox/channel-lanes.ts, docs/chat.md "Lanes and the breaker"), with what happens around a
 * send: an intro's e-mail fallback here, the rest in each channel's adapter.
 */
export function channelDelivery(ctx: AppContext, options: ChannelDeliveryOptions): ChannelLanes {
  const log = options.log ?? (() => {});
  return channelLanes(ctx, {
    owner: options.owner,
    leaseMs: options.leaseMs ?? CHANNEL_LEASE_MS,
    timeoutMs: options.webhookTimeoutMs,
    stopping: options.stopping,
    log,
    kindNamed: options.kindNamed,
    transports: Object.fromEntries(
      Object.entries(options.channels).map(([channel, adapter]) => [channel, adapter.send]),
    ),
    beforeSettle: async (row, outcome) => {
      if (row.channel !== "webhook" && row.kind === "intro" && outcome.kind === "ended") {
        if (outcome.state === "failed" || outcome.tellByEmail) await options.introNotSent?.(row);
      }
      await options.channels[row.channel as OtherChannel]?.beforeSettle?.(row, outcome);
    },
    afterSettle: async (row, outcome) =>
      options.channels[row.channel as OtherChannel]?.afterSettle?.(row, outcome),
  });
}

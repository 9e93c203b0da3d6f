import { type ChannelDeliveryOptions, channelDelivery } from "../../channels/channel-delivery";
import type { AppContext } from "../../context";
import { mailFailedIntro } from "../../newsletters/send/failed-intro-mail";
import type { ChannelLanes } from "../../outbox/channel-lanes";
import { slackAdapter } from "../../slack/delivery-adapter";
import { queueDueNudges } from "../../slack/queue-nudges";
import { teamsAdapter } from "../../teams/delivery-adapter";
import { queueDueTeamsNudges } from "../../teams/queue-teams";
import { webhookAdapter } from "../../webhooks/delivery-adapter";
import { channelKindNamed } from "../message-kinds";

/** Every channel besides e-mail with its adapter: the one place they are wired together. */
function channelAdapters(
  ctx: AppContext,
  log: (line: string) => void,
): ChannelDeliveryOptions["channels"] {
  return {
    slack: slackAdapter(ctx),
    teams: teamsAdapter(ctx),
    webhook: webhookAdapter(ctx, log),
  };
}

export type ChannelLaneSettings = Omit<
  ChannelDeliveryOptions,
  "channels" | "introNotSent" | "kindNamed"
>;

/**
 * The lanes of Slack, Teams and each webhook endpoint for one owner of the outbox's worker
 * (outbox-delivery.ts), each with its transport, and a Slack intro that did not go out told by
 * e-mail instead.
 */
export function channelLanesOf(ctx: AppContext, settings: ChannelLaneSettings): ChannelLanes {
  return channelDelivery(ctx, {
    ...settings,
    introNotSent: (row) => mailFailedIntro(ctx, row),
    kindNamed: channelKindNamed,
    channels: channelAdapters(ctx, settings.log ?? (() => {})),
  });
}

/** The nudges that fell due, queued before the worker claims (docs/chat.md, "The nudge"). */
export async function queueDueChannelNudges(ctx: AppContext): Promise<void> {
  await queueDueNudges(ctx);
  await queueDueTeamsNudges(ctx);
}

/**
 * Everything due now on every channel besides e-mail, every lane to its end (tests step the
 * engine this way after moving ctx.clock). Resolves how many rows were claimed (0: nothing was
 * due).
 */
export async function deliverDueChannelMessages(
  ctx: AppContext,
  settings: Omit<ChannelDeliveryOptions, "channels" | "kindNamed">,
): Promise<number> {
  const lanes = channelDelivery(ctx, {
    ...settings,
    kindNamed: channelKindNamed,
    channels: channelAdapters(ctx, settings.log ?? (() => {})),
  });
  for (let row = await lanes.claim(); row; row = await lanes.claim()) lanes.start(row);
  await lanes.drain();
  return lanes.claimed;
}

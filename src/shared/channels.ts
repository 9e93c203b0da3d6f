import { z } from "zod";

/** Where a person is reached (docs/chat.md, "Where people are reached"). */
export const reachChannels = ["email", "slack", "both", "teams"] as const;
export type ReachChannel = (typeof reachChannels)[number];

export const reachChannelLabels: Record<ReachChannel, string> = {
  email: "E-mail",
  slack: "Slack",
  both: "E-mail and Slack",
  teams: "Microsoft Teams",
};

/**
 * The channels besides e-mail of the one delivery engine (docs/chat.md, "Adding a channel"): each
 * has a transport (jobs/definitions/channel-transports.ts) and a lane per row.
 */
export const otherChannels = ["slack", "webhook", "teams"] as const;
export type OtherChannel = (typeof otherChannels)[number];

/** Every channel a message can take: e-mail, and the channels besides it (Slack, Teams, webhooks). */
export const messageChannels = ["email", ...otherChannels] as const;
export type Channel = (typeof messageChannels)[number];

export const channelMessageKinds = [
  "intro",
  "check_in",
  "check_in_update",
  "nudge",
  "change",
  "still_in",
  "event",
] as const;
export type ChannelMessageKind = (typeof channelMessageKinds)[number];

export const channelDeliveryStates = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type ChannelDeliveryState = (typeof channelDeliveryStates)[number];

/** The events an outgoing webhook can subscribe to (docs/chat.md, "Webhooks"). */
export const webhookEvents = [
  "round.published",
  "match.created",
  "check_in.answered",
  "person.left",
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Each event in words, as the Webhooks card and the help page name it. */
export const webhookEventLabels: Record<WebhookEvent, string> = {
  "round.published": "A round is published",
  "match.created": "A match is made",
  "check_in.answered": "A check-in is answered",
  "person.left": "A person leaves",
};

/** The person's own choice; null follows the company's default. */
export const reachChoiceSchema = z.object({
  reachBy: z.enum(reachChannels, { error: "Choose e-mail, Slack, both or Teams." }).nullable(),
});
export type ReachChoice = z.infer<typeof reachChoiceSchema>;

export const reachViewSchema = z.object({
  reachBy: z.enum(reachChannels).nullable(),
  companyDefault: z.enum(reachChannels),
  slackAvailable: z.boolean(),
  teamsAvailable: z.boolean(),
});
export type ReachView = z.infer<typeof reachViewSchema>;

export const channelSettingsSchema = z.object({
  defaultChannel: z.enum(reachChannels, { error: "Choose e-mail, Slack, both or Teams." }),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

export const slackStatusSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  team: z.string().nullable(),
  botUser: z.string().nullable(),
  message: z.string(),
});
export type SlackStatus = z.infer<typeof slackStatusSchema>;

/**
 * The status's message when Slack refuses the bot token (docs/chat.md): what happened and whom to
 * ask, in an admin's words; the setting's name is for the server's log, where its runner reads it.
 */
export const SLACK_REFUSED_MESSAGE =
  "Slack turned down the key Cup of Joe uses to post in your workspace (the Slack app may have been removed, or its key replaced). Ask whoever runs Cup of Joe to connect Slack again with the app's current key.";

/** `teamsSetUp`: Teams may be the company default (the same test the save makes). */
export const channelOperationsSchema = channelSettingsSchema.extend({
  slack: slackStatusSchema,
  teamsSetUp: z.boolean(),
});
export type ChannelOperations = z.infer<typeof channelOperationsSchema>;

const webhookUrl = z
  .string({ error: "Enter the address the events go to." })
  .trim()
  .max(2000, { error: "The address must be at most 2000 characters." })
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a web address starting with https://." }));

export const webhookBodySchema = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(webhookEvents, { error: "Choose events from the list." }))
    .min(1, { error: "Choose at least one event." }),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  createdAt: z.string(),
  /** When the breaker or a 410 Gone paused it (docs/chat.md); null while it is sent to. */
  pausedAt: z.string().nullable(),
  pauseReason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The signing secret is shown once, when the endpoint is added. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

export const channelDeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(otherChannels),
  kind: z.enum(channelMessageKinds),
  event: z.string().nullable(),
  state: z.enum(channelDeliveryStates),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ChannelDelivery = z.infer<typeof channelDeliverySchema>;

export const channelDeliveryListSchema = z.object({ deliveries: z.array(channelDeliverySchema) });

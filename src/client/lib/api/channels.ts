import type { ChannelSettings, ReachChoice, WebhookBody } from "@shared/channels";
import {
  channelEndpoints as chat,
  webhooksEndpoints as webhooks,
} from "@shared/endpoints/channels";
import { call } from "./request";

export const channelKeys = {
  reach: [chat.reach.path] as const,
  operations: [chat.operations.path] as const,
  webhooks: [webhooks.list.path] as const,
  deliveries: (id: number) => [webhooks.deliveries.path, id] as const,
};

/** Where people are reached, the admin's Slack panel and webhooks (docs/chat.md). */
export const channelsApi = {
  reach: (signal?: AbortSignal) => call(chat.reach, { signal }),
  setReach: (body: ReachChoice) => call(chat.setReach, { body }),
  operations: (signal?: AbortSignal) => call(chat.operations, { signal }),
  setDefault: (body: ChannelSettings) => call(chat.setDefault, { body }),
  webhooks: (signal?: AbortSignal) => call(webhooks.list, { signal }),
  addWebhook: (body: WebhookBody) => call(webhooks.add, { body }),
  removeWebhook: (id: number) => call(webhooks.remove, { params: { id } }),
  sendTest: (id: number) => call(webhooks.sendTest, { params: { id } }),
  resumeWebhook: (id: number) => call(webhooks.resume, { params: { id } }),
  deliveries: (id: number, signal?: AbortSignal) =>
    call(webhooks.deliveries, { params: { id }, signal }),
};

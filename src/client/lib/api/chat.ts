import type {
  ChatDelivery,
  ChatOperations,
  ChatSettings,
  ReachChoice,
  ReachView,
  WebhookBody,
  WebhookEndpoint,
} from "@shared/chat";
import { apiRequest } from "../api-client";
import { getJson, segment } from "./request";

const REACH = "/api/profile/reach";
const CHAT = "/api/admin/chat";
const WEBHOOKS = "/api/admin/webhooks";

export const chatKeys = {
  reach: [REACH] as const,
  operations: [CHAT] as const,
  webhooks: [WEBHOOKS] as const,
  deliveries: (id: number) => [WEBHOOKS, id, "deliveries"] as const,
};

/** Where people are reached, the admin's Slack panel and webhooks (docs/chat.md). */
export const chatApi = {
  reach: (signal?: AbortSignal) => getJson<ReachView>(REACH, signal),
  setReach: (body: ReachChoice) => apiRequest<ReachView>("PUT", REACH, body),
  operations: (signal?: AbortSignal) => getJson<ChatOperations>(CHAT, signal),
  setDefault: (body: ChatSettings) => apiRequest<ChatOperations>("PUT", CHAT, body),
  webhooks: (signal?: AbortSignal) => getJson<{ endpoints: WebhookEndpoint[] }>(WEBHOOKS, signal),
  addWebhook: (body: WebhookBody) =>
    apiRequest<WebhookEndpoint & { secret: string }>("POST", WEBHOOKS, body),
  removeWebhook: (id: number) =>
    apiRequest<{ message: string }>("DELETE", `${WEBHOOKS}/${segment(id)}`),
  sendTest: (id: number) =>
    apiRequest<{ message: string }>("POST", `${WEBHOOKS}/${segment(id)}/test`, {}),
  deliveries: (id: number, signal?: AbortSignal) =>
    getJson<{ deliveries: ChatDelivery[] }>(`${WEBHOOKS}/${segment(id)}/deliveries`, signal),
};

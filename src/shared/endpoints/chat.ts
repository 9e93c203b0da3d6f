import { z } from "zod";
import { answers, messageSchema } from "../api";
import {
  chatDeliveryListSchema,
  chatOperationsSchema,
  chatSettingsSchema,
  createdWebhookSchema,
  reachChoiceSchema,
  reachViewSchema,
  webhookBodySchema,
  webhookListSchema,
} from "../chat";
import { idParamsSchema } from "../ids";
import { endpoint } from "./endpoint";

/**
 * Chat (docs/chat.md): where a person is reached, the admin's Slack panel and send log, the
 * outgoing webhooks, and the receiver of Slack's button presses.
 */
export const chatEndpoints = {
  reach: endpoint({
    method: "GET",
    path: "/api/profile/reach",
    response: answers(reachViewSchema),
  }),
  setReach: endpoint({
    method: "PUT",
    path: "/api/profile/reach",
    body: reachChoiceSchema,
    response: answers(reachViewSchema),
  }),
  operations: endpoint({
    method: "GET",
    path: "/api/admin/chat",
    response: answers(chatOperationsSchema),
  }),
  setDefault: endpoint({
    method: "PUT",
    path: "/api/admin/chat",
    body: chatSettingsSchema,
    response: answers(chatOperationsSchema),
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/api/admin/chat/deliveries",
    response: answers(chatDeliveryListSchema),
  }),
  /**
   * Slack's `block_actions` press, form-encoded and signed over its raw body: no body schema,
   * the route's own parser keeps the raw text for the signature (check-ins/answer-from-slack.ts).
   */
  slackInteractions: endpoint({
    access: "public",
    method: "POST",
    path: "/api/slack/interactions",
    response: answers(z.object({}).meta({ description: "Taken; Slack shows nothing more." })),
  }),
};

/** The admin's outgoing webhooks (docs/chat.md, "Webhooks"). */
export const webhooksEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/webhooks",
    response: answers(webhookListSchema),
  }),
  add: endpoint({
    method: "POST",
    path: "/api/admin/webhooks",
    body: webhookBodySchema,
    response: answers(createdWebhookSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/webhooks/:id",
    params: idParamsSchema,
    response: answers(messageSchema),
  }),
  sendTest: endpoint({
    method: "POST",
    path: "/api/admin/webhooks/:id/test",
    params: idParamsSchema,
    response: answers(messageSchema),
  }),
  resume: endpoint({
    method: "POST",
    path: "/api/admin/webhooks/:id/resume",
    params: idParamsSchema,
    response: answers(messageSchema),
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/api/admin/webhooks/:id/deliveries",
    params: idParamsSchema,
    response: answers(chatDeliveryListSchema),
  }),
};

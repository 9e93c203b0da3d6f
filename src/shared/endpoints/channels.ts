import { z } from "zod";
import { answers, messageSchema } from "../api";
import {
  channelDeliveryListSchema,
  channelOperationsSchema,
  channelSettingsSchema,
  createdWebhookSchema,
  reachChoiceSchema,
  reachViewSchema,
  webhookBodySchema,
  webhookListSchema,
} from "../channels";
import { idParamsSchema } from "../ids";
import { endpoint } from "./endpoint";

/**
 * The channels besides e-mail (docs/chat.md): where a person is reached, the admin's Slack panel
 * and send log, the outgoing webhooks, and the receiver of Slack's button presses.
 */
export const channelEndpoints = {
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
    path: "/api/admin/channels",
    response: answers(channelOperationsSchema),
  }),
  setDefault: endpoint({
    method: "PUT",
    path: "/api/admin/channels",
    body: channelSettingsSchema,
    response: answers(channelOperationsSchema),
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/api/admin/channels/deliveries",
    response: answers(channelDeliveryListSchema),
  }),
  // The old paths, from when "chat" also meant Slack and webhooks (docs/architecture.md,
  // "Glossary"), still answer scripts with an admin API token (decision 0083).
  operationsAtOldPath: endpoint({
    method: "GET",
    path: "/api/admin/chat",
    deprecated: true,
    response: answers(channelOperationsSchema),
  }),
  setDefaultAtOldPath: endpoint({
    method: "PUT",
    path: "/api/admin/chat",
    deprecated: true,
    body: channelSettingsSchema,
    response: answers(channelOperationsSchema),
  }),
  deliveriesAtOldPath: endpoint({
    method: "GET",
    path: "/api/admin/chat/deliveries",
    deprecated: true,
    response: answers(channelDeliveryListSchema),
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
    response: answers(channelDeliveryListSchema),
  }),
};

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, messageSchema } from "../../shared/api";
import {
  chatDeliveryListSchema,
  createdWebhookSchema,
  webhookBodySchema,
  webhookListSchema,
} from "../../shared/chat";
import { idParamsSchema } from "../../shared/ids";
import { listChatDeliveries } from "../chat/list-chat-deliveries";
import type { FeatureRoutes } from "../context";
import { addWebhook, listWebhooks, removeWebhook, sendTestEvent } from "./webhook-endpoints";

/** The admin's outgoing webhooks (docs/chat.md, "Webhooks"); app.ts guards /api/admin. */
const webhookRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/webhooks", { schema: { response: answers(webhookListSchema) } }, async () => ({
    endpoints: await listWebhooks(ctx),
  }));
  r.post(
    "/api/admin/webhooks",
    { schema: { body: webhookBodySchema, response: answers(createdWebhookSchema) } },
    async (request) => addWebhook(ctx, request.body),
  );
  r.delete(
    "/api/admin/webhooks/:id",
    { schema: { params: idParamsSchema, response: answers(messageSchema) } },
    async (request) => {
      await removeWebhook(ctx, request.params.id);
      return { message: "Webhook removed." };
    },
  );
  r.post(
    "/api/admin/webhooks/:id/test",
    { schema: { params: idParamsSchema, response: answers(messageSchema) } },
    async (request) => sendTestEvent(ctx, request.params.id),
  );
  r.get(
    "/api/admin/webhooks/:id/deliveries",
    { schema: { params: idParamsSchema, response: answers(chatDeliveryListSchema) } },
    async (request) => ({
      deliveries: await listChatDeliveries(ctx, { endpointId: request.params.id }),
    }),
  );
};

export default webhookRoutes;

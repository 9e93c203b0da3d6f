import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { webhooksEndpoints as endpoints } from "../../shared/endpoints/channels";
import { listChannelDeliveries } from "../channels/list-channel-deliveries";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { resumeWebhook } from "./resume-webhook";
import { addWebhook, listWebhooks, removeWebhook, sendTestEvent } from "./webhook-endpoints";

/** The admin's outgoing webhooks (docs/chat.md, "Webhooks"); app.ts guards /api/admin. */
const webhookRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.list),
    handler: async () => ({ endpoints: await listWebhooks(ctx) }),
  });
  r.route({
    ...endpointRoute(endpoints.add),
    handler: async (request) => addWebhook(ctx, request.body),
  });
  r.route({
    ...endpointRoute(endpoints.remove),
    handler: async (request) => {
      await removeWebhook(ctx, request.params.id);
      return { message: "Webhook removed." };
    },
  });
  r.route({
    ...endpointRoute(endpoints.sendTest),
    handler: async (request) => sendTestEvent(ctx, request.params.id),
  });
  r.route({
    ...endpointRoute(endpoints.resume),
    handler: async (request) => resumeWebhook(ctx, request.params.id),
  });
  r.route({
    ...endpointRoute(endpoints.deliveries),
    handler: async (request) => ({
      deliveries: await listChannelDeliveries(ctx, { endpointId: request.params.id }),
    }),
  });
};

export default webhookRoutes;

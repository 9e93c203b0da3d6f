import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chatEndpoints as endpoints } from "../../shared/endpoints/chat";
import { requireValidatedUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getChatSettings } from "./chat-settings";
import { listChatDeliveries } from "./list-chat-deliveries";
import { chooseReach, reachOf } from "./reach";
import { setDefaultChannel } from "./set-default-channel";
import { slackStatus } from "./slack-status";

const operations = async (ctx: Parameters<FeatureRoutes>[1]["ctx"]) => ({
  ...(await getChatSettings(ctx.db)),
  slack: await slackStatus(ctx),
});

/** Chat (docs/chat.md): the profile's choice, the admin's panel and its send log. */
const chatRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.reach),
    handler: async (request) => reachOf(ctx, requireValidatedUser(request).id),
  });
  r.route({
    ...endpointRoute(endpoints.setReach),
    config: { rateLimit: { max: 30, timeWindow: "5 minutes" } },
    handler: async (request) => chooseReach(ctx, requireValidatedUser(request).id, request.body),
  });
  r.route({ ...endpointRoute(endpoints.operations), handler: async () => operations(ctx) });
  r.route({
    ...endpointRoute(endpoints.setDefault),
    handler: async (request) => {
      await setDefaultChannel(ctx, request.body);
      return operations(ctx);
    },
  });
  r.route({
    ...endpointRoute(endpoints.deliveries),
    handler: async () => ({ deliveries: await listChatDeliveries(ctx) }),
  });
};

export default chatRoutes;

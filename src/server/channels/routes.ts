import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reachChannelLabels, type SlackStatus } from "../../shared/chat";
import { chatEndpoints as endpoints } from "../../shared/endpoints/chat";
import { recordSettingChange } from "../activity/setting-changed";
import { requireValidatedUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getChatSettings } from "../settings/chat-settings";
import { listChatDeliveries } from "./list-chat-deliveries";
import { chooseReach, reachOf } from "./reach";
import { setDefaultChannel } from "./set-default-channel";

type Ctx = Parameters<FeatureRoutes>[1]["ctx"];

/**
 * The channels (docs/chat.md): the profile's choice, the admin's panel and its send log. Slack's
 * status comes from slack/, which sits above this folder, so app.ts hands it in.
 */
const channelRoutes =
  (slackStatus: (ctx: Ctx) => Promise<SlackStatus>): FeatureRoutes =>
  async (app, { ctx }) => {
    const operations = async () => ({
      ...(await getChatSettings(ctx.db)),
      slack: await slackStatus(ctx),
    });
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
    r.route({ ...endpointRoute(endpoints.operations), handler: async () => operations() });
    r.route({
      ...endpointRoute(endpoints.setDefault),
      handler: async (request) => {
        await setDefaultChannel(ctx, request.body);
        await recordSettingChange(
          ctx,
          request.user,
          `set the company's default channel to ${reachChannelLabels[request.body.defaultChannel]}`,
        );
        return operations();
      },
    });
    r.route({
      ...endpointRoute(endpoints.deliveries),
      handler: async () => ({ deliveries: await listChatDeliveries(ctx) }),
    });
  };

export default channelRoutes;

import type { FastifyBaseLogger } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reachChannelLabels, type SlackStatus } from "../../shared/channels";
import { channelEndpoints as endpoints } from "../../shared/endpoints/channels";
import { recordSettingChange } from "../activity/setting-changed";
import { requireValidatedUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getChannelSettings, teamsSetUp } from "../settings/channel-settings";
import { listChannelDeliveries } from "./list-channel-deliveries";
import { chooseReach, reachOf } from "./reach";
import { setDefaultChannel } from "./set-default-channel";

type Ctx = Parameters<FeatureRoutes>[1]["ctx"];

/**
 * The channels (docs/chat.md): the profile's choice, the admin's panel and its send log. Slack's
 * status comes from slack/, which sits above this folder, so app.ts hands it in.
 */
const channelRoutes =
  (slackStatus: (ctx: Ctx, log: FastifyBaseLogger) => Promise<SlackStatus>): FeatureRoutes =>
  async (app, { ctx }) => {
    const operations = async (log: FastifyBaseLogger) => ({
      ...(await getChannelSettings(ctx.db)),
      slack: await slackStatus(ctx, log),
      teamsSetUp: teamsSetUp(ctx.config),
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
    for (const endpoint of [endpoints.operations, endpoints.operationsAtOldPath]) {
      r.route({ ...endpointRoute(endpoint), handler: async (request) => operations(request.log) });
    }
    for (const endpoint of [endpoints.setDefault, endpoints.setDefaultAtOldPath]) {
      r.route({
        ...endpointRoute(endpoint),
        handler: async (request) => {
          await setDefaultChannel(ctx, request.body);
          await recordSettingChange(
            ctx,
            request.user,
            `set the company's default channel to ${reachChannelLabels[request.body.defaultChannel]}`,
          );
          return operations(request.log);
        },
      });
    }
    for (const endpoint of [endpoints.deliveries, endpoints.deliveriesAtOldPath]) {
      r.route({
        ...endpointRoute(endpoint),
        handler: async () => ({ deliveries: await listChannelDeliveries(ctx) }),
      });
    }
  };

export default channelRoutes;

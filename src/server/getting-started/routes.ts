import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyEndpoints as endpoints } from "../../shared/endpoints/company";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { queueLaunch } from "../newsletters/send/queue-launch";
import { gettingStarted, markInvited } from "./getting-started";

/**
 * The first admin's checklist and the launch invitation (docs/admin-console.md, "Getting
 * started"); the admin hook in app.ts guards every /api/admin path. Its own folder: it reads
 * every other feature and none reads it.
 */
const gettingStartedRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...endpointRoute(endpoints.gettingStarted), handler: async () => gettingStarted(ctx) });
  r.route({
    ...endpointRoute(endpoints.markInvited),
    handler: async () => {
      await markInvited(ctx);
      return gettingStarted(ctx);
    },
  });
  r.route({
    ...endpointRoute(endpoints.launch),
    handler: async (_request, reply) => {
      const { newsletterId, queued } = await queueLaunch(ctx);
      ctx.jobs.wake("newsletter-delivery");
      return reply.code(202).send({
        id: newsletterId,
        total: queued,
        message: `Sending the invitation to ${queued} ${queued === 1 ? "address" : "addresses"}.`,
      });
    },
  });
};

export default gettingStartedRoutes;

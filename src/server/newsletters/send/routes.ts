import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { newsletterEndpoints as endpoints } from "../../../shared/endpoints/newsletters";
import { namedPerson } from "../../activity/people-line";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { retryFailedDeliveries } from "./retry-failed";
import { getSendStatus } from "./send-status";
import { startSend } from "./start-send";

/** Starting a newsletter send and following it (docs/newsletters.md, "Sending"). */
const newsletterSendRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.send),
    handler: async (request, reply) => {
      const by = namedPerson(requireAdmin(request));
      const answer = await startSend(ctx, request.params.id, { by });
      return reply.code(202).send(answer);
    },
  });

  r.route({
    ...endpointRoute(endpoints.retryFailed),
    handler: async (request, reply) => {
      const answer = await retryFailedDeliveries(ctx, request.params.id);
      return reply.code(202).send(answer);
    },
  });

  r.route({
    ...endpointRoute(endpoints.sendStatus),
    handler: async (request) => getSendStatus(ctx, request.params.id),
  });
};

export default newsletterSendRoutes;

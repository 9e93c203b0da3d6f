import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { interestEndpoints as endpoints } from "../../../shared/endpoints/offices-and-interests";
import { requireValidatedUser } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import {
  acceptInterestTag,
  addInterestTag,
  getMyInterests,
  listInterestTags,
  removeInterestTag,
  saveMyInterests,
} from "./interest-tags";

const writeLimit = { rateLimit: { max: 30, timeWindow: "5 minutes" } };

/** A person's interest tags and the company's list the admin keeps. */
const interestRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.mine),
    handler: async (request) => getMyInterests(ctx, requireValidatedUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.save),
    config: writeLimit,
    handler: async (request) =>
      saveMyInterests(ctx, requireValidatedUser(request).id, request.body.interests),
  });

  r.route({
    ...endpointRoute(endpoints.suggest),
    config: { rateLimit: { max: 10, timeWindow: "1 hour" } },
    handler: async (request, reply) => {
      const user = requireValidatedUser(request);
      const tag = await addInterestTag(ctx, request.body.name, { suggestedBy: user.id });
      return reply.code(201).send(tag);
    },
  });

  r.route({ ...endpointRoute(endpoints.list), handler: async () => listInterestTags(ctx) });

  r.route({
    ...endpointRoute(endpoints.add),
    config: writeLimit,
    handler: async (request, reply) =>
      reply.code(201).send(await addInterestTag(ctx, request.body.name, { accepted: true })),
  });

  r.route({
    ...endpointRoute(endpoints.accept),
    config: writeLimit,
    handler: async (request) => acceptInterestTag(ctx, request.params.tagId),
  });

  r.route({
    ...endpointRoute(endpoints.remove),
    config: writeLimit,
    handler: async (request) => removeInterestTag(ctx, request.params.tagId),
  });
};

export default interestRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiTokenEndpoints as endpoints } from "../../shared/endpoints/api-tokens";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { createApiToken } from "./create-api-token";
import { listApiTokens } from "./list-api-tokens";
import { revokeApiToken } from "./revoke-api-token";

/** API tokens of the admin API, from the console (docs/api.md, "API tokens"). */
const apiTokenRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.list),
    handler: async (request) => {
      requireAdmin(request);
      return listApiTokens(ctx);
    },
  });
  r.route({
    ...endpointRoute(endpoints.create),
    handler: async (request, reply) => {
      reply.code(201);
      return createApiToken(ctx, requireAdmin(request), request.body);
    },
  });
  r.route({
    ...endpointRoute(endpoints.revoke),
    handler: async (request) => revokeApiToken(ctx, requireAdmin(request), request.params.id),
  });
};

export default apiTokenRoutes;

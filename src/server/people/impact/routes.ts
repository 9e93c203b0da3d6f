import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { impactEndpoints as endpoints } from "../../../shared/endpoints/whitelist";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { entryImpact } from "./entry-impact";
import { departmentImpact, groupImpact } from "./group-impact";

/**
 * Reads of what a removal would touch, for the confirmation that asks first; the admin hook in
 * app.ts guards every /api/admin path.
 */
const impactRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.entry),
    handler: async (request) => entryImpact(ctx, request.params.id),
  });
  r.route({
    ...endpointRoute(endpoints.group),
    handler: async (request) => groupImpact(ctx, request.params.id),
  });
  r.route({
    ...endpointRoute(endpoints.department),
    handler: async (request) =>
      departmentImpact(ctx, request.params.groupId, request.params.departmentId),
  });
};

export default impactRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { officeEndpoints as endpoints } from "../../../shared/endpoints/offices-and-interests";
import { requireValidatedUser } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { officesOfEmail, officesOfGroup, saveOffices } from "./office-lists";

/** The office lists: the one a person picks from, and the admin's per group. */
const officeRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.mine),
    handler: async (request) => officesOfEmail(ctx.db, requireValidatedUser(request).email),
  });

  r.route({
    ...endpointRoute(endpoints.list),
    handler: async (request) => officesOfGroup(ctx.db, request.query.groupId ?? null),
  });

  r.route({
    ...endpointRoute(endpoints.save),
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    handler: async (request) => saveOffices(ctx, request.body),
  });
};

export default officeRoutes;

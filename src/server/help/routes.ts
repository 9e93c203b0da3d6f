import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { helpEndpoints as endpoints } from "../../shared/endpoints/help";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { readHelpIndex, readHelpPage } from "./help-pages";

/** The help pages: public, read-only, the same for everyone (docs/admin-console.md, "Help pages"). */
const helpRoutes: FeatureRoutes = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...endpointRoute(endpoints.index), handler: async () => readHelpIndex() });
  r.route({
    ...endpointRoute(endpoints.page),
    handler: async (request) => readHelpPage(request.params.slug),
  });
};

export default helpRoutes;

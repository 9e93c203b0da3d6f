import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyEndpoints as endpoints } from "../../shared/endpoints/company";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getCompanySettings, saveCompanySettings } from "../settings/company-settings";

/** The company's settings; the admin hook in app.ts guards every /api/admin path. */
const companyRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.settings),
    handler: async () => getCompanySettings(ctx.db),
  });
  r.route({
    ...endpointRoute(endpoints.saveSettings),
    handler: async (request) => {
      await saveCompanySettings(ctx.db, request.body);
      return getCompanySettings(ctx.db);
    },
  });
};

export default companyRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { CompanySettings } from "../../shared/company";
import { companyEndpoints as endpoints } from "../../shared/endpoints/company";
import { recordSettingChange } from "../activity/setting-changed";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getCompanySettings, saveCompanySettings } from "../settings/company-settings";

/**
 * The company's settings; the admin hook in app.ts guards every /api/admin path. Its name and
 * contact address are public: the landing page and footer show them (docs/admin-console.md).
 */
const companyRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.publicCompany),
    handler: async () => {
      const { name, contactEmail } = await getCompanySettings(ctx.db);
      return { name, contactEmail };
    },
  });
  r.route({
    ...endpointRoute(endpoints.settings),
    handler: async () => getCompanySettings(ctx.db),
  });
  r.route({
    ...endpointRoute(endpoints.saveSettings),
    handler: async (request) => {
      await saveCompanySettings(ctx.db, request.body);
      const saved = await getCompanySettings(ctx.db);
      await recordSettingChange(ctx, request.user, companyChange(saved));
      return saved;
    },
  });
};

/** "saved the company settings: name "Acme", contact hr@acme.test, public figures shown". */
function companyChange(saved: CompanySettings): string {
  const name = saved.name ? `name "${saved.name}"` : "no name";
  const contact = saved.contactEmail ? `contact ${saved.contactEmail}` : "no contact address";
  const figures = saved.showPublicFigures ? "public figures shown" : "public figures hidden";
  return `saved the company settings: ${name}, ${contact}, ${figures}`;
}

export default companyRoutes;

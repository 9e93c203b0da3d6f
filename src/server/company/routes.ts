import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import { companySettingsSchema } from "../../shared/company";
import type { FeatureRoutes } from "../context";
import { getCompanySettings, saveCompanySettings } from "../settings/company-settings";

/** The company's settings; the admin hook in app.ts guards every /api/admin path. */
const companyRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/company", { schema: { response: answers(companySettingsSchema) } }, async () =>
    getCompanySettings(ctx.db),
  );
  r.put(
    "/api/admin/company",
    { schema: { body: companySettingsSchema, response: answers(companySettingsSchema) } },
    async (request) => {
      await saveCompanySettings(ctx.db, request.body);
      return getCompanySettings(ctx.db);
    },
  );
};

export default companyRoutes;

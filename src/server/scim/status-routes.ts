import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyEndpoints } from "../../shared/endpoints/company";
import { ssoConfigured, ssoName } from "../auth/oidc/oidc-provider-config";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { scimActivity } from "./scim-activity";

/** The admin's view of the company's identity provider; the admin hook in app.ts guards the path. */
const identityStatusRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(companyEndpoints.identity),
    handler: async () => {
      const sso = ssoConfigured(ctx.config);
      return {
        sso: {
          on: sso,
          name: sso ? ssoName(ctx.config) : null,
          emailSignIn: ctx.config.EMAIL_SIGN_IN,
        },
        scim: { on: ctx.config.SCIM_TOKEN !== undefined, ...(await scimActivity(ctx.db)) },
      };
    },
  });
};

export default identityStatusRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { whitelistEndpoints as endpoints } from "../../../shared/endpoints/whitelist";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { addAllowedEmail } from "./add-allowed-email";
import { importAllowedEmails } from "./import-allowed-emails";
import { listAllowedEmails } from "./list-allowed-emails";
import { removeAllowedEmail } from "./remove-allowed-email";
import { updateAllowedEmailGroup } from "./update-allowed-email";

/** The Email Whitelist; admin-only via the hook in app.ts. */
const whitelistRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.allowedEmails),
    handler: async () => listAllowedEmails(ctx),
  });

  r.route({
    ...endpointRoute(endpoints.addEmail),
    handler: async (request, reply) => {
      const admin = requireAdmin(request);
      const entry = await addAllowedEmail(ctx, admin, request.body);
      return reply.code(201).send(entry);
    },
  });

  r.route({
    ...endpointRoute(endpoints.importEmails),
    // Room for 5,000 rows of an HR export inside their JSON.
    bodyLimit: 3 * 1024 * 1024,
    config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    handler: async (request) => importAllowedEmails(ctx, requireAdmin(request), request.body),
  });

  r.route({
    ...endpointRoute(endpoints.assignEmail),
    handler: async (request) =>
      updateAllowedEmailGroup(ctx, request.params.id, request.body.domainGroupId),
  });

  r.route({
    ...endpointRoute(endpoints.removeEmail),
    handler: async (request) => removeAllowedEmail(ctx, request.params.id),
  });
};

export default whitelistRoutes;

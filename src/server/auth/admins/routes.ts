import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminAccountEndpoints as endpoints } from "../../../shared/endpoints/admin-accounts";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/table/endpoint-route";
import { requireAdmin } from "../guards";
import { addAdmin } from "./add-admin";
import { forgotAdminPassword } from "./forgot-password";
import { listAdmins } from "./list-admins";
import { sendAdminPasswordLink } from "./send-admin-password-link";
import { setPasswordFromLink } from "./set-password";

/** What sends e-mail is limited per requester as well as per address (password-link.ts). */
const mailLimit = { rateLimit: { max: 10, timeWindow: "1 hour" } };
/** "Forgot your password?" asks without a session: a few per requester an hour. */
const forgotLimit = { rateLimit: { max: 5, timeWindow: "1 hour" } };
/** The set-password POST checks a secret: a guess costs a request. */
const secretLimit = { rateLimit: { max: 20, timeWindow: "15 minutes" } };

/**
 * Admins from the console, and the set-password page's POST (docs/admin-console.md, "Admins";
 * docs/sign-in.md, "Set-password links"). The outbox sends the queued mail (docs/mail.md).
 */
const adminAccountRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.list),
    handler: async (request) => listAdmins(ctx, requireAdmin(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.add),
    config: mailLimit,
    handler: async (request) => addAdmin(ctx, requireAdmin(request), request.body),
  });

  r.route({
    ...endpointRoute(endpoints.sendPasswordLink),
    config: mailLimit,
    handler: async (request) =>
      sendAdminPasswordLink(ctx, requireAdmin(request), request.params.id),
  });

  r.route({
    ...endpointRoute(endpoints.forgotPassword),
    config: forgotLimit,
    handler: async (request) => forgotAdminPassword(ctx, request.body),
  });

  r.route({
    ...endpointRoute(endpoints.setPassword),
    config: secretLimit,
    handler: async (request) => setPasswordFromLink(ctx, request.body),
  });
};

export default adminAccountRoutes;

import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { newsletterEndpoints as endpoints } from "../../shared/endpoints/newsletters";
import { clientIpKey } from "../auth/client-ip-key";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { approveNewsletter } from "./approve-newsletter";
import { deleteNewsletter } from "./delete-newsletter";
import emailLogsRoutes from "./email-logs/routes";
import { generateNewsletter } from "./generate-newsletter";
import { listNewsletters } from "./list-newsletters";
import { listNewsletterFiles } from "./newsletter-files";
import { previewEmail } from "./preview-email";
import newsletterSendRoutes from "./send/routes";
import { sendTestEmail } from "./send-test";
import { updateNewsletter } from "./update-newsletter";
import { validateNewsletter } from "./validate-newsletter";

/** Per admin: a test e-mail is a real e-mail. */
const testMailLimit = {
  rateLimit: {
    max: 10,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientIpKey(request.ip),
  },
};

/** The newsletter lifecycle (docs/newsletters.md). The admin hook in app.ts guards every /api/admin path. */
const newslettersRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...endpointRoute(endpoints.list), handler: async () => listNewsletters(ctx) });

  r.route({
    ...endpointRoute(endpoints.generate),
    handler: async (request, reply) =>
      reply.code(201).send(await generateNewsletter(ctx, request.body?.month)),
  });

  r.route({
    ...endpointRoute(endpoints.update),
    handler: async (request) => updateNewsletter(ctx, request.params.id, request.body),
  });

  r.route({
    ...endpointRoute(endpoints.remove),
    handler: async (request) => deleteNewsletter(ctx, request.params.id),
  });

  r.route({ ...endpointRoute(endpoints.files), handler: async () => listNewsletterFiles(ctx) });

  r.route({
    ...endpointRoute(endpoints.validate),
    handler: async (request) =>
      validateNewsletter(ctx, request.params.id, request.body.pairingFile),
  });

  r.route({
    ...endpointRoute(endpoints.approve),
    handler: async (request) => approveNewsletter(ctx, request.params.id, request.body?.adminNotes),
  });

  r.route({
    ...endpointRoute(endpoints.previewEmail),
    handler: async (request) => previewEmail(ctx, request.params.id, request.body.recipientEmail),
  });

  r.route({
    ...endpointRoute(endpoints.sendTest),
    config: testMailLimit,
    handler: async (request) =>
      sendTestEmail(ctx, request.params.id, request.body.testEmail, request.body.previewAs),
  });

  await app.register(emailLogsRoutes, { ctx });
  await app.register(newsletterSendRoutes, { ctx });
};

export default newslettersRoutes;

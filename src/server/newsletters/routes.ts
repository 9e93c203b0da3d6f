import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, created, messageSchema } from "../../shared/api";
import {
  approveBodySchema,
  generateNewsletterBodySchema,
  newsletterFilesSchema,
  newsletterIdParamsSchema,
  newsletterListSchema,
  newsletterSchema,
  newsletterUpdateSchema,
  previewEmailBodySchema,
  previewEmailResponseSchema,
  sendTestBodySchema,
  sendTestResponseSchema,
  validateBodySchema,
  validateResponseSchema,
} from "../../shared/newsletters";
import { clientIpKey } from "../auth/client-ip-key";
import type { FeatureRoutes } from "../context";
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
  const params = newsletterIdParamsSchema;

  const newsletter = answers(newsletterSchema);

  r.get(
    "/api/admin/newsletters",
    { schema: { response: answers(newsletterListSchema) } },
    async () => listNewsletters(ctx),
  );

  r.post(
    "/api/admin/newsletters/generate",
    { schema: { body: generateNewsletterBodySchema, response: created(newsletterSchema) } },
    async (request, reply) =>
      reply.code(201).send(await generateNewsletter(ctx, request.body?.month)),
  );

  r.put(
    "/api/admin/newsletters/:id",
    { schema: { params, body: newsletterUpdateSchema, response: newsletter } },
    async (request) => updateNewsletter(ctx, request.params.id, request.body),
  );

  r.delete(
    "/api/admin/newsletters/:id",
    { schema: { params, response: answers(messageSchema) } },
    async (request) => deleteNewsletter(ctx, request.params.id),
  );

  r.get(
    "/api/admin/newsletter-files",
    { schema: { response: answers(newsletterFilesSchema) } },
    async () => listNewsletterFiles(ctx),
  );

  r.post(
    "/api/admin/newsletters/:id/validate",
    { schema: { params, body: validateBodySchema, response: answers(validateResponseSchema) } },
    async (request) => validateNewsletter(ctx, request.params.id, request.body.pairingFile),
  );

  r.post(
    "/api/admin/newsletters/:id/approve",
    { schema: { params, body: approveBodySchema, response: newsletter } },
    async (request) => approveNewsletter(ctx, request.params.id, request.body?.adminNotes),
  );

  r.post(
    "/api/admin/newsletters/:id/preview-email",
    {
      schema: {
        params,
        body: previewEmailBodySchema,
        response: answers(previewEmailResponseSchema),
      },
    },
    async (request) => previewEmail(ctx, request.params.id, request.body.recipientEmail),
  );

  r.post(
    "/api/admin/newsletters/:id/send-test",
    {
      schema: { params, body: sendTestBodySchema, response: answers(sendTestResponseSchema) },
      config: testMailLimit,
    },
    async (request) =>
      sendTestEmail(ctx, request.params.id, request.body.testEmail, request.body.previewAs),
  );

  await app.register(emailLogsRoutes, { ctx });
  await app.register(newsletterSendRoutes, { ctx });
};

export default newslettersRoutes;

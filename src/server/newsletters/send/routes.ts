import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses } from "../../../shared/api";
import {
  newsletterIdParamsSchema,
  sendStartedSchema,
  sendStatusSchema,
} from "../../../shared/newsletters";
import type { FeatureRoutes } from "../../context";
import { retryFailedDeliveries } from "./retry-failed";
import { getSendStatus } from "./send-status";
import { startSend } from "./start-send";

/** Starting a newsletter send and following it (docs/newsletters.md, "Sending"). */
const newsletterSendRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const params = newsletterIdParamsSchema;
  const started = { params, response: { 202: sendStartedSchema, ...errorResponses } };

  r.post("/api/admin/newsletters/:id/send", { schema: started }, async (request, reply) => {
    const answer = await startSend(ctx, request.params.id);
    ctx.jobs.wake("newsletter-delivery");
    return reply.code(202).send(answer);
  });

  r.post("/api/admin/newsletters/:id/retry-failed", { schema: started }, async (request, reply) => {
    const answer = await retryFailedDeliveries(ctx, request.params.id);
    ctx.jobs.wake("newsletter-delivery");
    return reply.code(202).send(answer);
  });

  r.get(
    "/api/admin/newsletters/:id/send-status",
    { schema: { params, response: answers(sendStatusSchema) } },
    async (request) => getSendStatus(ctx, request.params.id),
  );
};

export default newsletterSendRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { newsletterIdParamsSchema } from "../../../shared/newsletters";
import type { FeatureRoutes } from "../../context";
import { retryFailedDeliveries } from "./retry-failed";
import { getSendStatus } from "./send-status";
import { startSend } from "./start-send";
import { wakeDeliveryWorkers } from "./wake";

/** Starting a newsletter send and following it (docs/newsletters.md, "Sending"). */
const newsletterSendRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/newsletters/:id/send",
    { schema: { params: newsletterIdParamsSchema } },
    async (request, reply) => {
      const started = await startSend(ctx, request.params.id);
      wakeDeliveryWorkers();
      return reply.code(202).send(started);
    },
  );

  r.post(
    "/api/admin/newsletters/:id/retry-failed",
    { schema: { params: newsletterIdParamsSchema } },
    async (request, reply) => {
      const started = await retryFailedDeliveries(ctx, request.params.id);
      wakeDeliveryWorkers();
      return reply.code(202).send(started);
    },
  );

  r.get(
    "/api/admin/newsletters/:id/send-status",
    { schema: { params: newsletterIdParamsSchema } },
    async (request) => getSendStatus(ctx, request.params.id),
  );
};

export default newsletterSendRoutes;

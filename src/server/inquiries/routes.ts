import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { inquiryEndpoints as endpoints } from "../../shared/endpoints/inquiries";
import { INQUIRY_SUBMITTED } from "../../shared/inquiries";
import type { FeatureRoutes } from "../context";
import { TooManyRequests } from "../errors";
import { endpointRoute } from "../http/endpoint-route";
import { operatorAddress, submitInquiry } from "./submit-inquiry";

/** Public company inquiry form: open only where an operator other than the company takes them. */
const inquiriesRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.open),
    handler: async () => ({ open: Boolean(await operatorAddress(ctx)) }),
  });
  r.route({
    ...endpointRoute(endpoints.submit),
    config: {
      rateLimit: {
        max: 5,
        timeWindow: "1 hour",
        errorResponseBuilder: (_request, context) => {
          const seconds = Math.ceil(context.ttl / 1000);
          const minutes = Math.max(1, Math.ceil(seconds / 60));
          return new TooManyRequests(
            `Too many inquiries from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
            seconds,
          );
        },
      },
    },
    handler: async (request, reply) => {
      const result = await submitInquiry(ctx, request.body, { ipAddress: request.ip });
      return reply.code(201).send({ success: true, message: INQUIRY_SUBMITTED, id: result.id });
    },
  });
};

export default inquiriesRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkInBodySchema, checkInQuerySchema } from "../../shared/check-ins";
import type { FeatureRoutes } from "../context";
import { answerCheckIn, checkInView } from "./answer-check-in";

/** The links carry a secret, so guessing is throttled per address. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * The check-in e-mail's page (docs/check-ins.md): `/check-in?token=…` is a client route that
 * reads GET /api/check-in (which changes nothing) and records only on the page's POST. No
 * sign-in: the signed token is bound to the person and the match.
 */
const checkInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/check-in",
    { schema: { querystring: checkInQuerySchema }, config: tokenLimit },
    async (request) => checkInView(ctx, request.query.token),
  );

  r.post(
    "/api/check-in",
    { schema: { body: checkInBodySchema }, config: tokenLimit },
    async (request) => answerCheckIn(ctx, request.body),
  );
};

export default checkInRoutes;

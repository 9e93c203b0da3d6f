import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkInEndpoints as endpoints } from "../../shared/endpoints/check-ins";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { answerCheckIn, checkInView } from "./answer-check-in";
import { answerStillIn, stillInView } from "./answer-still-in";
import { listQuietPeople } from "./list-quiet-people";

/** The links carry a secret, so guessing is throttled per address. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * The check-in and "still up for coffee chats?" pages (docs/check-ins.md): `/check-in?token=…`
 * and `/still-in?token=…` are client routes that read the GET (which changes nothing) and record
 * only on the page's POST. No sign-in: the signed token is bound to the person and the match or
 * question. The admin's list of people awaiting an answer.
 */
const checkInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.checkIn),
    config: tokenLimit,
    handler: async (request) => checkInView(ctx, request.query.token),
  });

  r.route({
    ...endpointRoute(endpoints.answerCheckIn),
    config: tokenLimit,
    handler: async (request) => answerCheckIn(ctx, request.body),
  });

  r.route({
    ...endpointRoute(endpoints.stillIn),
    config: tokenLimit,
    handler: async (request) => stillInView(ctx, request.query.token),
  });

  r.route({
    ...endpointRoute(endpoints.answerStillIn),
    config: tokenLimit,
    handler: async (request) => answerStillIn(ctx, request.body),
  });

  // The admin hook in app.ts guards every /api/admin path.
  r.route({ ...endpointRoute(endpoints.quietPeople), handler: async () => listQuietPeople(ctx) });
};

export default checkInRoutes;

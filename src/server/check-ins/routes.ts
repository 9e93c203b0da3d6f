import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import {
  checkInBodySchema,
  checkInQuerySchema,
  checkInViewSchema,
  quietPeopleResponseSchema,
  stillInBodySchema,
  stillInQuerySchema,
  stillInViewSchema,
} from "../../shared/check-ins";
import type { FeatureRoutes } from "../context";
import { answerCheckIn, checkInView } from "./answer-check-in";
import { answerStillIn, stillInView } from "./answer-still-in";
import { listQuietPeople } from "./list-quiet-people";

/** The links carry a secret, so guessing is throttled per address. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const view = answers(checkInViewSchema);
const stillIn = answers(stillInViewSchema);

/**
 * The check-in and "still up for coffee chats?" pages (docs/check-ins.md): `/check-in?token=…`
 * and `/still-in?token=…` are client routes that read the GET (which changes nothing) and record
 * only on the page's POST. No sign-in: the signed token is bound to the person and the match or
 * question. The admin's list of people awaiting an answer.
 */
const checkInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/check-in",
    { schema: { querystring: checkInQuerySchema, response: view }, config: tokenLimit },
    async (request) => checkInView(ctx, request.query.token),
  );

  r.post(
    "/api/check-in",
    { schema: { body: checkInBodySchema, response: view }, config: tokenLimit },
    async (request) => answerCheckIn(ctx, request.body),
  );

  r.get(
    "/api/still-in",
    { schema: { querystring: stillInQuerySchema, response: stillIn }, config: tokenLimit },
    async (request) => stillInView(ctx, request.query.token),
  );

  r.post(
    "/api/still-in",
    { schema: { body: stillInBodySchema, response: stillIn }, config: tokenLimit },
    async (request) => answerStillIn(ctx, request.body),
  );

  // The admin hook in app.ts guards every /api/admin path.
  r.get(
    "/api/admin/quiet-people",
    { schema: { response: answers(quietPeopleResponseSchema) } },
    async () => listQuietPeople(ctx),
  );
};

export default checkInRoutes;

import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import { connectionStatusParamsSchema, nextPairingResponseSchema } from "../../shared/matches";
import {
  awayStatusResponseSchema,
  notAwayBodySchema,
  notAwayResponseSchema,
  partnerAwayBodySchema,
  partnerAwayResponseSchema,
} from "../../shared/partner-away";
import { clientIpKey } from "../auth/client-ip-key";
import { requireUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { getMemberNextPairing } from "./member-next-pairing";
import { awayStatus, sayNotAwayByLink, sayNotAwayNow } from "./not-away";
import { reportPartnerAway } from "./partner-away";

/** A report re-pairs and e-mails people: a few an hour per person is plenty. */
const awayLimit = {
  rateLimit: {
    max: 5,
    timeWindow: "1 hour",
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientIpKey(request.ip),
  },
};

/** A member's part in the month's round: its next pairing day and "My partner is away" (docs/matches.md). */
const roundMemberRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/next-pairing",
    { schema: { response: answers(nextPairingResponseSchema) } },
    async (request) => getMemberNextPairing(ctx, requireUser(request).id),
  );

  r.post(
    "/api/matches/:matchId/partner-away",
    {
      schema: {
        params: connectionStatusParamsSchema,
        body: partnerAwayBodySchema,
        response: answers(partnerAwayResponseSchema),
      },
      config: awayLimit,
    },
    async (request) => {
      const user = requireUser(request);
      return reportPartnerAway(ctx, user.id, request.params.matchId, request.body);
    },
  );

  r.get(
    "/api/matches/away-status",
    { schema: { response: answers(awayStatusResponseSchema) } },
    async (request) => awayStatus(ctx, requireUser(request).id),
  );

  r.post(
    "/api/matches/not-away",
    { schema: { response: answers(notAwayResponseSchema) }, config: awayLimit },
    async (request) => sayNotAwayNow(ctx, requireUser(request).id),
  );

  // The e-mail's page (`/not-away?token=…`): no sign-in, the signed token names the person; a GET
  // of the page changes nothing, only its button's POST does.
  r.post(
    "/api/not-away",
    {
      schema: { body: notAwayBodySchema, response: answers(notAwayResponseSchema) },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => sayNotAwayByLink(ctx, request.body.token),
  );
};

export default roundMemberRoutes;

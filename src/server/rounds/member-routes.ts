import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import { connectionStatusParamsSchema, nextPairingResponseSchema } from "../../shared/matches";
import { partnerAwayBodySchema, partnerAwayResponseSchema } from "../../shared/partner-away";
import { clientIpKey } from "../auth/client-ip-key";
import { requireUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { getMemberNextPairing } from "./member-next-pairing";
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
      return reportPartnerAway(ctx, user.id, request.params.matchId, request.body, request.log);
    },
  );
};

export default roundMemberRoutes;

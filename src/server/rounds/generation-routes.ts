import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { pairingEndpoints as endpoints } from "../../shared/endpoints/pairings";
import { wantsSecondRun } from "../../shared/pairings";
import { namedPerson } from "../activity/people-line";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { generatePairing } from "../pairings/generate/generate-pairing";
import { completeCurrentPairings, completePairing } from "../pairings/records/complete-pairing";
import { getExcludedPeople, getPairingValidation } from "../pairings/validation/pairing-validation";
import { getGeneratePlan } from "./generate-plan";
import { notHeldAfterCompletion, writeHandMadeRound } from "./hand-made-round";

const generateLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };
/** A generated month is the scope's round, its windows counted from today (docs/rounds.md). */
const whenMade = writeHandMadeRound;
/** A completion names the admin and ends the month's round (docs/rounds.md). */
const completing = (request: FastifyRequest) => ({
  by: namedPerson(requireAdmin(request)),
  whenCompleted: notHeldAfterCompletion,
});

/**
 * The checks before generating, generating a month's pairing and completing it: a generated month
 * is a round and its completion ends it (docs/rounds.md), so its routes sit with the rounds,
 * above pairings/.
 */
export const generationRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.validation),
    handler: async (request) => getPairingValidation(ctx, request.query.domainGroupId),
  });
  r.route({
    ...endpointRoute(endpoints.generatePlan),
    handler: async (request) => getGeneratePlan(ctx, request.query.domainGroupId),
  });
  r.route({
    ...endpointRoute(endpoints.excluded),
    handler: async (request) =>
      getExcludedPeople(ctx, request.query.reason, request.query.domainGroupId),
  });

  r.route({
    ...endpointRoute(endpoints.generate),
    config: generateLimit,
    handler: async (request) =>
      generatePairing(ctx, requireAdmin(request), undefined, {
        secondRun: wantsSecondRun(request.body),
        whenMade,
      }),
  });
  // The older "create pairings" call does the same company-wide generation (docs/pairings.md).
  r.route({
    ...endpointRoute(endpoints.createPairings),
    config: generateLimit,
    handler: async (request) =>
      generatePairing(ctx, requireAdmin(request), undefined, { whenMade }),
  });
  r.route({
    ...endpointRoute(endpoints.complete),
    handler: async (request) => completePairing(ctx, request.params.pairingId, completing(request)),
  });
  r.route({
    ...endpointRoute(endpoints.completeCurrent),
    handler: async (request) => completeCurrentPairings(ctx, completing(request)),
  });
  r.route({
    ...endpointRoute(endpoints.generateForGroup),
    config: generateLimit,
    handler: async (request) =>
      generatePairing(ctx, requireAdmin(request), request.params.domainGroupId, {
        secondRun: wantsSecondRun(request.body),
        whenMade,
      }),
  });
};

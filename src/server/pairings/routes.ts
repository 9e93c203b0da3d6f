import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorResponses, fileResponse } from "../../shared/api";
import { pairingEndpoints as endpoints } from "../../shared/endpoints/pairings";
import { fileNameParamsSchema } from "../../shared/pairings";
import { namedPerson } from "../activity/people-line";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getCurrentPairings } from "./current/current-pairings";
import { currentPairingsCsv } from "./current/current-pairings-csv";
import { deletePairing } from "./current/delete-pairing";
import { pairingImpact } from "./current/pairing-impact";
import { checkPlacement, placeSatOut } from "./current/place-sat-out";
import { rePairPerson } from "./current/re-pair-person";
import {
  deleteCompletedPairingFile,
  getCompletedPairingContent,
  listCompletedPairingFiles,
  listPairingReferences,
} from "./records/completed-files";
import { getPairingHistory } from "./records/pairing-history";
import { getPairingReport } from "./reports/pairing-report";

/**
 * The running pairing: the admin's view, deleting a draft, re-pairing a person. Completing ends
 * the month's round, so its routes sit with the rounds (rounds/generation-routes.ts).
 */
const currentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.current),
    handler: async (request) => getCurrentPairings(ctx, request.query),
  });
  r.route({
    ...endpointRoute(endpoints.currentCsv),
    handler: async (request, reply) => {
      const csv = await currentPairingsCsv(ctx, request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="current-pairings-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    },
  });

  r.route({
    ...endpointRoute(endpoints.impact),
    handler: async (request) => pairingImpact(ctx, request.params.pairingId),
  });
  r.route({
    ...endpointRoute(endpoints.remove),
    handler: async (request) => deletePairing(ctx, request.params.pairingId),
  });

  r.route({
    ...endpointRoute(endpoints.rePair),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request) =>
      rePairPerson(
        ctx,
        request.params.pairingId,
        request.body.userId,
        namedPerson(requireAdmin(request)),
      ),
  });
  r.route({
    ...endpointRoute(endpoints.placeCheck),
    handler: async (request) => checkPlacement(ctx, request.params.pairingId, request.query),
  });
  r.route({
    ...endpointRoute(endpoints.place),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request) => placeSatOut(ctx, request.params.pairingId, request.body),
  });
};

/** Completed records and their files, the history and the report. */
const recordRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.completedFiles),
    handler: async () => listCompletedPairingFiles(ctx),
  });
  r.route({
    ...endpointRoute(endpoints.references),
    handler: async () => listPairingReferences(ctx),
  });
  r.route({
    ...endpointRoute(endpoints.removeCompletedFile),
    handler: async (request) => deleteCompletedPairingFile(ctx, request.params.fileName),
  });
  // A download outside /api (docs/pairings.md): not an endpoint of the table.
  r.get(
    "/completed_pairings/:fileName",
    {
      schema: {
        params: fileNameParamsSchema,
        response: {
          200: fileResponse("application/json", "The completed pairing's record, as a download."),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const content = await getCompletedPairingContent(ctx, request.params.fileName);
      return reply
        .header("Content-Disposition", `attachment; filename="${request.params.fileName}"`)
        .header("Cache-Control", "no-store")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(content, null, 2));
    },
  );

  r.route({ ...endpointRoute(endpoints.history), handler: async () => getPairingHistory(ctx) });
  r.route({ ...endpointRoute(endpoints.report), handler: async () => getPairingReport(ctx) });
};

/** Admin pairing operations. The admin hook in app.ts guards every path. */
const pairingsRoutes: FeatureRoutes = async (app, options) => {
  await currentRoutes(app, options);
  await recordRoutes(app, options);
};

export default pairingsRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, errorResponses, fileResponse, messageSchema } from "../../shared/api";
import {
  currentPairingsFilterSchema,
  currentPairingsQuerySchema,
} from "../../shared/current-pairings-query";
import { excludedListResponseSchema } from "../../shared/exclusions";
import { pairingImpactSchema } from "../../shared/impact";
import {
  completedPairingFileSchema,
  completePairingResponseSchema,
  currentPairingsResponseSchema,
  domainGroupParamsSchema,
  excludedQuerySchema,
  fileNameParamsSchema,
  generatePairingBodySchema,
  generatePairingResponseSchema,
  pairingGroupsResponseSchema,
  pairingHistoryResponseSchema,
  pairingIdParamsSchema,
  pairingReportResponseSchema,
  pairingValidationQuerySchema,
  pairingValidationResponseSchema,
  rePairBodySchema,
  rePairResponseSchema,
} from "../../shared/pairings";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { getCurrentPairings } from "./current/current-pairings";
import { currentPairingsCsv } from "./current/current-pairings-csv";
import { deletePairing } from "./current/delete-pairing";
import { pairingImpact } from "./current/pairing-impact";
import { rePairPerson } from "./current/re-pair-person";
import { generatePairing } from "./generate/generate-pairing";
import { completeCurrentPairings, completePairing } from "./records/complete-pairing";
import {
  deleteCompletedPairingFile,
  getCompletedPairingContent,
  listCompletedPairingFiles,
  listPairingGroups,
} from "./records/completed-files";
import { getPairingHistory } from "./records/pairing-history";
import { getPairingReport } from "./reports/pairing-report";
import { getExcludedPeople, getPairingValidation } from "./validation/pairing-validation";

const generateLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const generated = answers(generatePairingResponseSchema);
const completed = answers(completePairingResponseSchema);
const done = answers(messageSchema);
const reads = <T extends Parameters<typeof answers>[0]>(schema: T) => ({
  schema: { response: answers(schema) },
});

/** The checks before generating, and generating a month's pairing. */
const generationRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/pairing-validation",
    {
      schema: {
        querystring: pairingValidationQuerySchema,
        response: answers(pairingValidationResponseSchema),
      },
    },
    async (request) => getPairingValidation(ctx, request.query.domainGroupId),
  );
  r.get(
    "/api/admin/pairing-validation/excluded",
    {
      schema: { querystring: excludedQuerySchema, response: answers(excludedListResponseSchema) },
    },
    async (request) => getExcludedPeople(ctx, request.query.reason, request.query.domainGroupId),
  );

  r.post(
    "/api/admin/generate-pairing",
    { schema: { body: generatePairingBodySchema, response: generated }, config: generateLimit },
    async (request) => generatePairing(ctx, requireAdmin(request), undefined, request.body ?? {}),
  );
  // The older "create pairings" call does the same company-wide generation (docs/pairings.md).
  r.post(
    "/api/admin/create-pairings",
    { schema: { response: generated }, config: generateLimit },
    async (request) => generatePairing(ctx, requireAdmin(request)),
  );
  r.post(
    "/api/admin/generate-pairing/:domainGroupId",
    {
      schema: {
        params: domainGroupParamsSchema,
        body: generatePairingBodySchema,
        response: generated,
      },
      config: generateLimit,
    },
    async (request) =>
      generatePairing(ctx, requireAdmin(request), request.params.domainGroupId, request.body ?? {}),
  );
};

/** The running pairing: the admin's view, completing, deleting a draft, re-pairing a person. */
const currentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/current-pairings",
    {
      schema: {
        querystring: currentPairingsQuerySchema,
        response: answers(currentPairingsResponseSchema),
      },
    },
    async (request) => getCurrentPairings(ctx, request.query),
  );
  r.get(
    "/api/admin/current-pairings/csv",
    {
      schema: {
        querystring: currentPairingsFilterSchema,
        response: {
          200: fileResponse("text/csv", "Every current match that fits the filters, as CSV."),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const csv = await currentPairingsCsv(ctx, request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="current-pairings-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    },
  );

  r.post(
    "/api/admin/complete-pairing/:pairingId",
    { schema: { params: pairingIdParamsSchema, response: completed } },
    async (request) => completePairing(ctx, request.params.pairingId),
  );
  r.post("/api/admin/complete-current-pairing", { schema: { response: completed } }, async () =>
    completeCurrentPairings(ctx),
  );

  r.get(
    "/api/admin/pairings/:pairingId/impact",
    { schema: { params: pairingIdParamsSchema, response: answers(pairingImpactSchema) } },
    async (request) => pairingImpact(ctx, request.params.pairingId),
  );
  r.delete(
    "/api/admin/pairings/:pairingId",
    { schema: { params: pairingIdParamsSchema, response: done } },
    async (request) => deletePairing(ctx, request.params.pairingId),
  );

  r.post(
    "/api/admin/pairings/:pairingId/re-pair",
    {
      schema: {
        params: pairingIdParamsSchema,
        body: rePairBodySchema,
        response: answers(rePairResponseSchema),
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => rePairPerson(ctx, request.params.pairingId, request.body.userId),
  );
};

/** Completed records and their files, the history and the report. */
const recordRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/completed-pairing-files",
    reads(z.array(completedPairingFileSchema)),
    async () => listCompletedPairingFiles(ctx),
  );
  r.get("/api/admin/pairing-groups", reads(pairingGroupsResponseSchema), async () =>
    listPairingGroups(ctx),
  );
  r.delete(
    "/api/admin/completed-pairings/:fileName",
    { schema: { params: fileNameParamsSchema, response: done } },
    async (request) => deleteCompletedPairingFile(ctx, request.params.fileName),
  );
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

  r.get("/api/admin/pairing-history", reads(pairingHistoryResponseSchema), async () =>
    getPairingHistory(ctx),
  );
  r.get("/api/admin/pairing-report", reads(pairingReportResponseSchema), async () =>
    getPairingReport(ctx),
  );
};

/** Admin pairing operations. The admin hook in app.ts guards every path. */
const pairingsRoutes: FeatureRoutes = async (app, options) => {
  await generationRoutes(app, options);
  await currentRoutes(app, options);
  await recordRoutes(app, options);
};

export default pairingsRoutes;

import { z } from "zod";
import { answers, errorResponses, fileResponse, messageSchema } from "../api";
import { currentPairingsFilterSchema, currentPairingsQuerySchema } from "../current-pairings-query";
import { excludedListResponseSchema } from "../exclusions";
import { generatePlanSchema } from "../generate-plan";
import { pairingImpactSchema } from "../impact";
import {
  completedPairingFileSchema,
  completePairingResponseSchema,
  currentPairingsResponseSchema,
  domainGroupParamsSchema,
  excludedQuerySchema,
  fileNameParamsSchema,
  generatePairingBodySchema,
  generatePairingResponseSchema,
  pairingHistoryResponseSchema,
  pairingIdParamsSchema,
  pairingReferencesResponseSchema,
  pairingReportResponseSchema,
  pairingValidationQuerySchema,
  pairingValidationResponseSchema,
  rePairBodySchema,
  rePairResponseSchema,
} from "../pairings";
import {
  placeBodySchema,
  placeCheckQuerySchema,
  placeCheckResponseSchema,
  placeResponseSchema,
} from "../place-sat-out";
import { endpoint } from "./endpoint";

const generated = answers(generatePairingResponseSchema);
const completed = answers(completePairingResponseSchema);
const done = answers(messageSchema);

/**
 * The admin's pairings (docs/pairings.md): the checks before generating, generating, the running
 * pairing, and the completed records with the history and the report.
 */
export const pairingEndpoints = {
  validation: endpoint({
    method: "GET",
    path: "/api/admin/pairing-validation",
    query: pairingValidationQuerySchema,
    response: answers(pairingValidationResponseSchema),
  }),
  excluded: endpoint({
    method: "GET",
    path: "/api/admin/pairing-validation/excluded",
    query: excludedQuerySchema,
    response: answers(excludedListResponseSchema),
  }),
  /** What Generate would start today: the month's dates counted from today. */
  generatePlan: endpoint({
    method: "GET",
    path: "/api/admin/generate-pairing/plan",
    query: pairingValidationQuerySchema,
    response: answers(generatePlanSchema),
  }),
  /** Everyone outside a group. */
  generate: endpoint({
    method: "POST",
    path: "/api/admin/generate-pairing",
    body: generatePairingBodySchema,
    response: generated,
  }),
  /** The older "create pairings" call: the same company-wide generation. */
  createPairings: endpoint({
    method: "POST",
    path: "/api/admin/create-pairings",
    response: generated,
  }),
  generateForGroup: endpoint({
    method: "POST",
    path: "/api/admin/generate-pairing/:domainGroupId",
    params: domainGroupParamsSchema,
    body: generatePairingBodySchema,
    response: generated,
  }),
  current: endpoint({
    method: "GET",
    path: "/api/admin/current-pairings",
    query: currentPairingsQuerySchema,
    response: answers(currentPairingsResponseSchema),
  }),
  currentCsv: endpoint({
    method: "GET",
    path: "/api/admin/current-pairings/csv",
    query: currentPairingsFilterSchema,
    response: {
      200: fileResponse("text/csv", "Every current match that fits the filters, as CSV."),
      ...errorResponses,
    },
  }),
  complete: endpoint({
    method: "POST",
    path: "/api/admin/complete-pairing/:pairingId",
    params: pairingIdParamsSchema,
    response: completed,
  }),
  completeCurrent: endpoint({
    method: "POST",
    path: "/api/admin/complete-current-pairing",
    response: completed,
  }),
  impact: endpoint({
    method: "GET",
    path: "/api/admin/pairings/:pairingId/impact",
    params: pairingIdParamsSchema,
    response: answers(pairingImpactSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/pairings/:pairingId",
    params: pairingIdParamsSchema,
    response: done,
  }),
  rePair: endpoint({
    method: "POST",
    path: "/api/admin/pairings/:pairingId/re-pair",
    params: pairingIdParamsSchema,
    body: rePairBodySchema,
    response: answers(rePairResponseSchema),
  }),
  /** What placing someone who sat out would break (docs/pairings.md, "Placing by hand"). */
  placeCheck: endpoint({
    method: "GET",
    path: "/api/admin/pairings/:pairingId/place-check",
    params: pairingIdParamsSchema,
    query: placeCheckQuerySchema,
    response: answers(placeCheckResponseSchema),
  }),
  /** Places someone who sat out into a running match, or with another who sat out. */
  place: endpoint({
    method: "POST",
    path: "/api/admin/pairings/:pairingId/place",
    params: pairingIdParamsSchema,
    body: placeBodySchema,
    response: answers(placeResponseSchema),
  }),
  completedFiles: endpoint({
    method: "GET",
    path: "/api/admin/completed-pairing-files",
    response: answers(z.array(completedPairingFileSchema)),
  }),
  references: endpoint({
    method: "GET",
    path: "/api/admin/pairing-groups",
    response: answers(pairingReferencesResponseSchema),
  }),
  removeCompletedFile: endpoint({
    method: "DELETE",
    path: "/api/admin/completed-pairings/:fileName",
    params: fileNameParamsSchema,
    response: done,
  }),
  history: endpoint({
    method: "GET",
    path: "/api/admin/pairing-history",
    response: answers(pairingHistoryResponseSchema),
  }),
  report: endpoint({
    method: "GET",
    path: "/api/admin/pairing-report",
    response: answers(pairingReportResponseSchema),
  }),
};

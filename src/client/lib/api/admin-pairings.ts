import type { CurrentMatchFilter } from "@shared/current-pairings-query";
import type { ExcludedListResponse, ExclusionReason } from "@shared/exclusions";
import type { PairingImpact } from "@shared/impact";
import type {
  CompletedPairingContent,
  CompletedPairingFile,
  CompletePairingResponse,
  CurrentPairingsResponse,
  GeneratePairingResponse,
  PairingSummary,
  PairingValidationResponse,
  RePairResponse,
} from "@shared/pairings";
import { apiRequest } from "../api-client";
import { getJson, segment, withQuery } from "./request";

const VALIDATION = "/api/admin/pairing-validation";
const COMPLETED_FILES = "/completed_pairings";
const CURRENT = "/api/admin/current-pairings";

/** The current-pairings filters as the dialog holds them (empty: no filter). */
export type CurrentPairingsFilters = {
  q: string;
  pairingId: number | null;
  status: "" | CurrentMatchFilter;
};
export const NO_CURRENT_FILTERS: CurrentPairingsFilters = { q: "", pairingId: null, status: "" };

export const pairingKeys = {
  /** Every scope's counts; the prefix of `validation`. */
  allValidation: [VALIDATION] as const,
  validation: (groupId: number | null) => [VALIDATION, groupId ?? "all"] as const,
  excluded: (groupId: number | null, reason: ExclusionReason | null) =>
    [`${VALIDATION}/excluded`, groupId ?? "all", reason] as const,
  /** Every page of the current pairings; the prefix of `currentPage`. */
  current: [CURRENT] as const,
  currentPage: (filters: CurrentPairingsFilters, cursor: string, limit: number) =>
    [CURRENT, filters, cursor, limit] as const,
  completed: ["/api/admin/completed-pairing-files"] as const,
  completedFile: (fileName: string) => [COMPLETED_FILES, fileName] as const,
  groups: ["/api/admin/pairing-groups"] as const,
  history: ["/api/admin/pairing-history"] as const,
};

/** Where a completed pairing file is read and downloaded from (also a link's address). */
export const completedFileUrl = (fileName: string) => `${COMPLETED_FILES}/${segment(fileName)}`;

export const pairingsApi = {
  validation: (groupId: number | null, signal?: AbortSignal) =>
    getJson<PairingValidationResponse>(withQuery(VALIDATION, { domainGroupId: groupId }), signal),
  excluded: (groupId: number | null, reason: ExclusionReason, signal?: AbortSignal) =>
    getJson<ExcludedListResponse>(
      withQuery(`${VALIDATION}/excluded`, { reason, domainGroupId: groupId }),
      signal,
    ),
  /** One page; `cursor` is the previous page's `nextCursor` ("" for the first). */
  current: (filters: CurrentPairingsFilters, cursor: string, limit: number, signal?: AbortSignal) =>
    getJson<CurrentPairingsResponse>(withQuery(CURRENT, { ...filters, cursor, limit }), signal),
  /** The CSV download of every match fitting the filters (a link the browser follows). */
  currentCsvUrl: (filters: CurrentPairingsFilters) => withQuery(`${CURRENT}/csv`, filters),
  /** Every pairing, newest first. */
  history: (signal?: AbortSignal) =>
    getJson<{ pairings: PairingSummary[] }>(pairingKeys.history[0], signal),
  completedFiles: (signal?: AbortSignal) =>
    getJson<CompletedPairingFile[]>(pairingKeys.completed[0], signal),
  completedFile: (fileName: string, signal?: AbortSignal) =>
    getJson<CompletedPairingContent>(completedFileUrl(fileName), signal),
  /** This month's pairing of one group (null: everyone outside a group). */
  generate: (groupId: number | null, secondRound: boolean) =>
    apiRequest<GeneratePairingResponse>(
      "POST",
      groupId === null
        ? "/api/admin/generate-pairing"
        : `/api/admin/generate-pairing/${segment(groupId)}`,
      secondRound ? { secondRound: true } : undefined,
    ),
  complete: (pairingId: number) =>
    apiRequest<CompletePairingResponse>(
      "POST",
      `/api/admin/complete-pairing/${segment(pairingId)}`,
    ),
  /** Who deleting the running pairing touches, for its confirmation. */
  impact: (pairingId: number, signal?: AbortSignal) =>
    getJson<PairingImpact>(`/api/admin/pairings/${segment(pairingId)}/impact`, signal),
  remove: (pairingId: number) =>
    apiRequest<unknown>("DELETE", `/api/admin/pairings/${segment(pairingId)}`),
  rePair: (pairingId: number, userId: string) =>
    apiRequest<RePairResponse>("POST", `/api/admin/pairings/${segment(pairingId)}/re-pair`, {
      userId,
    }),
  removeCompletedFile: (fileName: string) =>
    apiRequest<unknown>("DELETE", `/api/admin/completed-pairings/${segment(fileName)}`),
};

import type { CurrentMatchFilter } from "@shared/current-pairings-query";
import { pairingEndpoints as endpoints } from "@shared/endpoints/pairings";
import type { ExclusionReason } from "@shared/exclusions";
import type { CompletedPairingContent } from "@shared/pairings";
import { addressOf, call, getJson, segment } from "./request";

/** Where someone who sat out is placed: into a match, or with another person who sat out. */
export type PlaceTarget = { userId: string } & ({ matchId: number } | { withUserId: string });

/** The completed records' downloads, served outside /api (docs/pairings.md). */
const COMPLETED_FILES = "/completed_pairings";

/** The current-pairings filters as the dialog holds them (empty: no filter). */
export type CurrentPairingsFilters = {
  q: string;
  pairingId: number | null;
  status: "" | CurrentMatchFilter;
};
export const NO_CURRENT_FILTERS: CurrentPairingsFilters = { q: "", pairingId: null, status: "" };

export const pairingKeys = {
  /** Every scope's counts; the prefix of `validation`. */
  allValidation: [endpoints.validation.path] as const,
  validation: (groupId: number | null) => [endpoints.validation.path, groupId ?? "all"] as const,
  /** Every scope's plan; the prefix of `generatePlan`. */
  allGeneratePlans: [endpoints.generatePlan.path] as const,
  generatePlan: (groupId: number | null) =>
    [endpoints.generatePlan.path, groupId ?? "all"] as const,
  excluded: (groupId: number | null, reason: ExclusionReason | null) =>
    [endpoints.excluded.path, groupId ?? "all", reason] as const,
  /** Every page of the current pairings; the prefix of `currentPage`. */
  current: [endpoints.current.path] as const,
  currentPage: (filters: CurrentPairingsFilters, cursor: string, limit: number) =>
    [endpoints.current.path, filters, cursor, limit] as const,
  completed: [endpoints.completedFiles.path] as const,
  completedFile: (fileName: string) => [COMPLETED_FILES, fileName] as const,
  references: [endpoints.references.path] as const,
  history: [endpoints.history.path] as const,
};

/** Where a completed pairing file is read and downloaded from (also a link's address). */
export const completedFileUrl = (fileName: string) => `${COMPLETED_FILES}/${segment(fileName)}`;

export const pairingsApi = {
  generatePlan: (groupId: number | null, signal?: AbortSignal) =>
    call(endpoints.generatePlan, { query: { domainGroupId: groupId }, signal }),
  validation: (groupId: number | null, signal?: AbortSignal) =>
    call(endpoints.validation, { query: { domainGroupId: groupId }, signal }),
  excluded: (groupId: number | null, reason: ExclusionReason, signal?: AbortSignal) =>
    call(endpoints.excluded, { query: { reason, domainGroupId: groupId }, signal }),
  /** One page; `cursor` is the previous page's `nextCursor` ("" for the first). */
  current: (filters: CurrentPairingsFilters, cursor: string, limit: number, signal?: AbortSignal) =>
    call(endpoints.current, { query: { ...filters, cursor, limit }, signal }),
  /** The CSV download of every match fitting the filters (a link the browser follows). */
  currentCsvUrl: (filters: CurrentPairingsFilters) =>
    addressOf(endpoints.currentCsv, undefined, filters),
  /** Every pairing, newest first. */
  history: (signal?: AbortSignal) => call(endpoints.history, { signal }),
  completedFiles: (signal?: AbortSignal) => call(endpoints.completedFiles, { signal }),
  completedFile: (fileName: string, signal?: AbortSignal) =>
    getJson<CompletedPairingContent>(completedFileUrl(fileName), signal),
  /** This month's pairing of one group (null: everyone outside a group). */
  generate: (groupId: number | null, secondRun: boolean) => {
    const body = secondRun ? { secondRun: true } : undefined;
    return groupId === null
      ? call(endpoints.generate, { body })
      : call(endpoints.generateForGroup, { params: { domainGroupId: groupId }, body });
  },
  complete: (pairingId: number) => call(endpoints.complete, { params: { pairingId } }),
  /** Who deleting the running pairing touches, for its confirmation. */
  impact: (pairingId: number, signal?: AbortSignal) =>
    call(endpoints.impact, { params: { pairingId }, signal }),
  remove: (pairingId: number) => call(endpoints.remove, { params: { pairingId } }),
  rePair: (pairingId: number, userId: string) =>
    call(endpoints.rePair, { params: { pairingId }, body: { userId } }),
  /** What placing someone who sat out would break, for the confirmation. */
  placeCheck: (pairingId: number, target: PlaceTarget) =>
    call(endpoints.placeCheck, { params: { pairingId }, query: target }),
  place: (pairingId: number, target: PlaceTarget, acceptBrokenRules: boolean) =>
    call(endpoints.place, { params: { pairingId }, body: { ...target, acceptBrokenRules } }),
  removeCompletedFile: (fileName: string) =>
    call(endpoints.removeCompletedFile, { params: { fileName } }),
};

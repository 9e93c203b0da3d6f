import { CURRENT_PAIRINGS_PAGE_SIZE } from "@shared/current-pairings-query";
import type { ExclusionReason } from "@shared/exclusions";
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { metricKeys } from "../../../lib/api/admin-metrics";
import {
  type CurrentPairingsFilters,
  NO_CURRENT_FILTERS,
  pairingKeys,
  pairingsApi,
} from "../../../lib/api/admin-pairings";
import { roundKeys } from "../../../lib/api/admin-rounds";
import { failureToast } from "../titled-failure-toast";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export function usePairingValidation(groupId: number | null) {
  return useQuery({
    queryKey: pairingKeys.validation(groupId),
    queryFn: ({ signal }) => pairingsApi.validation(groupId, signal),
    staleTime: 0,
  });
}

/** One page of the running pairings' matches; the previous page stays shown while the next loads. */
export const useCurrentPairings = (
  filters: CurrentPairingsFilters = NO_CURRENT_FILTERS,
  cursor = "",
  limit = CURRENT_PAIRINGS_PAGE_SIZE,
) =>
  useQuery({
    queryKey: pairingKeys.currentPage(filters, cursor, limit),
    queryFn: ({ signal }) => pairingsApi.current(filters, cursor, limit, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every pairing, newest first: tells whether this month's round of a scope is completed. */
export const usePairingHistory = () =>
  useQuery({
    queryKey: pairingKeys.history,
    queryFn: ({ signal }) => pairingsApi.history(signal),
    staleTime: 0,
  });

export const useCompletedPairingFiles = () =>
  useQuery({
    queryKey: pairingKeys.completed,
    queryFn: ({ signal }) => pairingsApi.completedFiles(signal),
    staleTime: 0,
  });

/** The names behind one exclusion count (none asked while `reason` is null). */
export const useExcludedPeople = (groupId: number | null, reason: ExclusionReason | null) =>
  useQuery({
    queryKey: pairingKeys.excluded(groupId, reason),
    // Runs only when enabled, that is with a reason.
    queryFn: ({ signal }) => pairingsApi.excluded(groupId, reason as ExclusionReason, signal),
    enabled: reason !== null,
    staleTime: 0,
  });

/** One completed pairing file's content (none asked while `fileName` is null). */
export const useCompletedPairingFile = (fileName: string | null) =>
  useQuery({
    queryKey: pairingKeys.completedFile(fileName ?? ""),
    queryFn: ({ signal }) => pairingsApi.completedFile(fileName ?? "", signal),
    enabled: fileName !== null,
    staleTime: 0,
  });

/**
 * After any pairing change: counts, Generate's plan, current and completed pairings, the
 * newsletter's lists and the rounds timeline (a Complete or Generate changes its steps).
 */
export function refreshPairingData(queryClient: QueryClient) {
  for (const key of [
    pairingKeys.allValidation,
    pairingKeys.allGeneratePlans,
    pairingKeys.current,
    pairingKeys.completed,
    pairingKeys.references,
    pairingKeys.history,
    metricKeys.pairingReport,
    metricKeys.employeeStatus,
    metricKeys.enhanced,
    metricKeys.stats,
    roundKeys.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** A pairing change: refreshes the pairing data on success, else the failure toast. */
export function usePairingMutation<TData, TVariables = void>(
  options: AdminMutationOptions<TData, TVariables>,
) {
  return useAdminMutation({
    ...options,
    refresh: refreshPairingData,
    reportFailure: failureToast,
  });
}

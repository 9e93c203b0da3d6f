import type {
  CompletedPairingFile,
  CurrentPairingsResponse,
  PairingSummary,
  PairingValidationResponse,
} from "@shared/pairings";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { apiRequest, errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const pairingKeys = {
  validation: (groupId: number | null) =>
    ["/api/admin/pairing-validation", groupId ?? "all"] as const,
  current: ["/api/admin/current-pairings"] as const,
  completed: ["/api/admin/completed-pairing-files"] as const,
};

export function usePairingValidation(groupId: number | null) {
  return useQuery<PairingValidationResponse>({
    queryKey: pairingKeys.validation(groupId),
    queryFn: () =>
      apiRequest(
        "GET",
        groupId === null
          ? "/api/admin/pairing-validation"
          : `/api/admin/pairing-validation?domainGroupId=${groupId}`,
      ),
    staleTime: 0,
  });
}

export const useCurrentPairings = () =>
  useQuery<CurrentPairingsResponse>({ queryKey: pairingKeys.current, staleTime: 0 });

/** Every pairing, newest first: tells whether this month's round of a scope is completed. */
export const usePairingHistory = () =>
  useQuery<{ pairings: PairingSummary[] }>({
    queryKey: ["/api/admin/pairing-history"],
    staleTime: 0,
  });

export const useCompletedPairingFiles = () =>
  useQuery<CompletedPairingFile[]>({ queryKey: pairingKeys.completed, staleTime: 0 });

/** After any pairing change: counts, current and completed pairings, and the newsletter's lists. */
export function refreshPairingData(queryClient: QueryClient) {
  for (const key of [
    ["/api/admin/pairing-validation"],
    pairingKeys.current,
    pairingKeys.completed,
    ["/api/admin/pairing-groups"],
    ["/api/admin/pairing-history"],
    ["/api/admin/pairing-report"],
    ["/api/admin/employee-status-summary"],
    ["/api/admin/enhanced-metrics"],
    ["/api/admin/stats"],
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}

/** The spec's failure toast: its fixed title, with the server's explanation beneath when there is one. */
export function failureToast(error: unknown, title: string) {
  if (redirectIfUnauthorized(error)) return;
  const detail = errorMessage(error, "");
  toast({
    title,
    description: detail && detail !== title ? detail : undefined,
    variant: "destructive",
  });
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

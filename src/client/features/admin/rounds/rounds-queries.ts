import { type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast-store";
import { companyKeys } from "../../../lib/api/admin-company";
import { roundKeys, roundsApi } from "../../../lib/api/admin-rounds";
import { failureToast } from "../titled-failure-toast";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const useRoundsOverview = () =>
  useQuery({
    queryKey: roundKeys.overview,
    queryFn: ({ signal }) => roundsApi.overview(signal),
    staleTime: 0,
  });

export const useDraft = (scopeKey: string, month: string) =>
  useQuery({
    queryKey: roundKeys.draft(scopeKey, month),
    queryFn: ({ signal }) => roundsApi.draft(scopeKey, month, signal),
    staleTime: 0,
  });

export const useActivity = () =>
  useInfiniteQuery({
    queryKey: roundKeys.activity,
    queryFn: ({ pageParam, signal }) => roundsApi.activity(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 0,
  });

function refreshRounds(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roundKeys.all }),
    queryClient.invalidateQueries({ queryKey: roundKeys.activity }),
    // The time zone and the schedule are steps of the getting-started checklist beside them.
    queryClient.invalidateQueries({ queryKey: companyKeys.gettingStarted }),
  ]);
}

export const successToast = (description: string) => toast({ title: "Success", description });

/** A change to the rounds: the server's message as a toast, then the timeline and list reload. */
export function useRoundMutation<TData extends { message: string }, TVariables = void>(
  options: Omit<AdminMutationOptions<TData, TVariables>, "onSuccess"> & { onDone?: () => void },
) {
  return useAdminMutation({
    ...options,
    onSuccess: (data) => {
      successToast(data.message);
      options.onDone?.();
    },
    refresh: refreshRounds,
    reportFailure: failureToast,
  });
}

import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";

/** What an admin card says about one of its mutations. */
export type AdminMutationOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Runs on success, before the refresh (toasts, clearing a form). */
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Runs on failure, before the failure toast. */
  onError?: (error: Error) => void;
  /** The failure toast's text. */
  failure: string;
};

/**
 * The admin cards' mutation: on success `onSuccess`, then `refresh` (awaited when it answers a
 * promise, so the mutation stays pending until then); on failure `onError`, then `reportFailure`.
 */
export function useAdminMutation<TData, TVariables = void>({
  mutationFn,
  onSuccess,
  onError,
  failure,
  refresh,
  reportFailure,
}: AdminMutationOptions<TData, TVariables> & {
  refresh: (queryClient: QueryClient) => unknown;
  reportFailure: (error: Error, failure: string) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    mutationFn,
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      await refresh(queryClient);
    },
    onError: (error) => {
      onError?.(error);
      reportFailure(error, failure);
    },
  });
}

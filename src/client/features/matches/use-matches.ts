import type {
  CurrentMatchResponse,
  MatchHistoryResponse,
  MatchItem,
  NextPairingResponse,
} from "@shared/matches";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toast";
import { apiRequest } from "../../lib/api-client";
import { redirectIfUnauthorized } from "../unauthorized";

export const CURRENT_MATCH_KEY = ["/api/matches/current"] as const;
export const MATCH_HISTORY_KEY = ["/api/matches/history"] as const;
export const NEXT_PAIRING_KEY = ["/api/next-pairing"] as const;

/** The signed-in user's current match; `enabled` is false until the user is known. */
export function useCurrentMatch(enabled: boolean) {
  return useQuery<CurrentMatchResponse>({ queryKey: CURRENT_MATCH_KEY, enabled });
}

export function useMatchHistory(enabled: boolean) {
  return useQuery<MatchHistoryResponse>({ queryKey: MATCH_HISTORY_KEY, enabled });
}

export function useNextPairing(enabled: boolean) {
  return useQuery<NextPairingResponse>({ queryKey: NEXT_PAIRING_KEY, enabled });
}

export function hasMatch(data: CurrentMatchResponse | undefined): data is MatchItem {
  return Boolean(data?.match);
}

function useRefetchMatches() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CURRENT_MATCH_KEY }),
      queryClient.invalidateQueries({ queryKey: MATCH_HISTORY_KEY }),
    ]);
}

/** PUT /api/matches/{matchId}/connection-status with the spec's toasts; refetches both lists. */
export function useSetConnectionStatus() {
  const refetch = useRefetchMatches();
  return useMutation({
    mutationFn: ({ matchId, status }: { matchId: number; status: "confirmed" | "not_confirmed" }) =>
      apiRequest("PUT", `/api/matches/${matchId}/connection-status`, { status }),
    onSuccess: async () => {
      toast({ title: "Success", description: "Connection status updated!" });
      await refetch();
    },
    onError: (error) => {
      if (redirectIfUnauthorized(error)) return;
      toast({
        title: "Error",
        description: "Failed to update connection status",
        variant: "destructive",
      });
    },
  });
}

import type {
  CurrentMatchItem,
  CurrentMatchResponse,
  MatchHistoryResponse,
  MatchItem,
  NextPairingResponse,
} from "@shared/matches";
import type { MatchTimeZones } from "@shared/working-hours";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toast";
import { matchesApi, matchKeys } from "../../lib/api/matches";
import { errorMessage } from "../../lib/api-client";
import { redirectIfUnauthorized } from "../unauthorized";

/**
 * The match's booked state is read again each time the page becomes visible: a partner books or
 * moves the chat elsewhere and the e-mail or chat message brings the person back to this tab
 * (docs/scheduling.md, "Booking"). "always", since the client's data never goes stale
 * (lib/query-client.ts). Not the proposed times: reading them asks everyone's calendars.
 */
const READ_AGAIN_WHEN_VISIBLE = { refetchOnWindowFocus: "always" } as const;

/** The signed-in user's current match; `enabled` is false until the user is known. */
export function useCurrentMatch(enabled: boolean) {
  return useQuery<CurrentMatchResponse>({
    queryKey: matchKeys.current,
    queryFn: ({ signal }) => matchesApi.current(signal),
    enabled,
    ...READ_AGAIN_WHEN_VISIBLE,
  });
}

/** What the match has booked (`invitation: null` until someone books). */
export function useMatchInvitation(matchId: number, enabled = true) {
  return useQuery({
    queryKey: matchKeys.invitation(matchId),
    queryFn: ({ signal }) => matchesApi.invitation(matchId, signal),
    enabled,
    ...READ_AGAIN_WHEN_VISIBLE,
  });
}

/**
 * The match's members' time zones and working hours: the partner's time line and the reader's
 * own zone for the booking times. The current match card is drawn once they are here.
 */
export function useMatchTimeZones(matchId: number) {
  return useQuery({
    queryKey: matchKeys.timeZones(matchId),
    queryFn: ({ signal }) => matchesApi.timeZones(matchId, signal),
    staleTime: 5 * 60_000,
  });
}

/** The reader among the match's members (the one who is not a partner). */
export function readerMember(
  item: MatchItem,
  zones: MatchTimeZones | undefined,
): MatchTimeZones["members"][number] | undefined {
  const partnerIds = new Set(item.partners.map((p) => p.id));
  return zones?.members.find((m) => !partnerIds.has(m.userId));
}

/**
 * The reader's own zone: theirs as the match's members list it, else the browser's; `settled`
 * once the members' zones have loaded (or failed), so the zone no longer changes.
 */
export function useReaderZoneState(item: MatchItem): { zone: string; settled: boolean } {
  const zones = useMatchTimeZones(item.match.id);
  const me = readerMember(item, zones.data);
  return {
    zone: me?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    settled: !zones.isPending,
  };
}

/** The reader's own zone (as above). */
export function useReaderZone(item: MatchItem): string {
  return useReaderZoneState(item).zone;
}

export function useMatchHistory(enabled: boolean) {
  return useQuery<MatchHistoryResponse>({
    queryKey: matchKeys.history,
    queryFn: ({ signal }) => matchesApi.history(signal),
    enabled,
  });
}

export function useNextPairing(enabled: boolean) {
  return useQuery<NextPairingResponse>({
    queryKey: matchKeys.nextPairing,
    queryFn: ({ signal }) => matchesApi.nextPairing(signal),
    enabled,
  });
}

export function hasMatch(data: CurrentMatchResponse | undefined): data is CurrentMatchItem {
  return Boolean(data?.match);
}

function useRefetchMatches() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: matchKeys.current }),
      queryClient.invalidateQueries({ queryKey: matchKeys.history }),
      queryClient.invalidateQueries({ queryKey: matchKeys.awayStatus }),
    ]);
}

/** Sets the answer to "did the chat happen?" with its toasts; refetches both lists. */
export function useSetConnectionStatus() {
  const refetch = useRefetchMatches();
  return useMutation({
    mutationFn: ({ matchId, status }: { matchId: number; status: "confirmed" | "not_confirmed" }) =>
      matchesApi.setConnectionStatus(matchId, status),
    onSuccess: async () => {
      toast({ title: "Success", description: "Connection status updated!" });
      await refetch();
    },
    onError: (error) => {
      if (redirectIfUnauthorized(error)) return;
      toast({
        title: "Error",
        description: errorMessage(error, "Failed to update connection status"),
        variant: "destructive",
      });
    },
  });
}

/** "My partner is away": the server re-pairs and says how; both lists are fetched again. */
export function useReportPartnerAway() {
  const refetch = useRefetchMatches();
  return useMutation({
    mutationFn: ({ matchId, partnerId }: { matchId: number; partnerId?: string }) =>
      matchesApi.reportPartnerAway(matchId, partnerId),
    onSuccess: async (answer) => {
      toast({ title: "Match changed", description: answer.message });
      await refetch();
    },
    onError: (error) => {
      if (redirectIfUnauthorized(error)) return;
      toast({
        title: "Your match stays as it is",
        description: errorMessage(error, "Failed to report your partner away"),
        variant: "destructive",
      });
    },
  });
}

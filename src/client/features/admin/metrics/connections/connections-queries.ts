import type { ConnectionSettings, ConnectionsQuery } from "@shared/connections";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toast } from "../../../../components/ui/toast";
import { metricKeys, metricsApi } from "../../../../lib/api/admin-metrics";
import { useAdminMutation } from "../../use-admin-mutation";
import { failureToast } from "../../whitelist/whitelist-queries";

/**
 * The Connections figures of a period and scope; the last answer stays while the next loads.
 * Stale figures are asked for again every 15 s until the server's recount has replaced them.
 */
export const useConnections = (query: ConnectionsQuery) =>
  useQuery({
    queryKey: metricKeys.connections(query),
    queryFn: ({ signal }) => metricsApi.connections(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.stale ? 15_000 : false),
  });

export const useConnectionSettings = () =>
  useQuery({
    queryKey: metricKeys.connectionSettings,
    queryFn: ({ signal }) => metricsApi.connectionSettings(signal),
  });

/** Saves the privacy threshold, then reads the settings and every Connections answer again. */
export const useSaveConnectionSettings = () =>
  useAdminMutation<ConnectionSettings, ConnectionSettings>({
    mutationFn: metricsApi.saveConnectionSettings,
    onSuccess: ({ minCell }) =>
      toast({
        title: "Threshold saved",
        description: `Figures about fewer than ${minCell} people are hidden.`,
      }),
    failure: "Failed to save the threshold",
    refresh: (queryClient) =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === metricKeys.connectionSettings[0] ||
          q.queryKey[0] === metricKeys.connections({})[0],
      }),
    reportFailure: failureToast,
  });

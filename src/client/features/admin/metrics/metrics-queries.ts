import { useQuery } from "@tanstack/react-query";
import { metricKeys, metricsApi } from "../../../lib/api/admin-metrics";

/** The people and matching figures; the Operations counters read the same query. */
export const useEnhancedMetrics = () =>
  useQuery({
    queryKey: metricKeys.enhanced,
    queryFn: ({ signal }) => metricsApi.enhanced(signal),
    staleTime: 0,
  });

export const useAdminStats = () =>
  useQuery({
    queryKey: metricKeys.stats,
    queryFn: ({ signal }) => metricsApi.stats(signal),
    staleTime: 0,
  });

export const usePairingReport = () =>
  useQuery({
    queryKey: metricKeys.pairingReport,
    queryFn: ({ signal }) => metricsApi.pairingReport(signal),
    staleTime: 0,
  });

export const useEmployeeStatusSummary = () =>
  useQuery({
    queryKey: metricKeys.employeeStatus,
    queryFn: ({ signal }) => metricsApi.employeeStatus(signal),
    staleTime: 0,
  });

export const useSystemHealth = () =>
  useQuery({
    queryKey: metricKeys.systemHealth,
    queryFn: ({ signal }) => metricsApi.systemHealth(signal),
    staleTime: 0,
  });

export const formatPercent = (value: number) => `${value.toFixed(1).replace(/\.0$/, "")}%`;

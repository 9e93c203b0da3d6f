import type { EmployeeStatusSummary } from "@shared/employees";
import type { AdminStats, EnhancedMetrics, SystemHealth } from "@shared/metrics";
import type { PairingReportResponse } from "@shared/pairings";
import { useQuery } from "@tanstack/react-query";

export const ENHANCED_METRICS_KEY = ["/api/admin/enhanced-metrics"] as const;

/** The people and matching figures; the Operations counters read the same query. */
export const useEnhancedMetrics = () =>
  useQuery<EnhancedMetrics>({ queryKey: ENHANCED_METRICS_KEY, staleTime: 0 });

export const useAdminStats = () =>
  useQuery<AdminStats>({ queryKey: ["/api/admin/stats"], staleTime: 0 });

export const usePairingReport = () =>
  useQuery<PairingReportResponse>({ queryKey: ["/api/admin/pairing-report"], staleTime: 0 });

export const useEmployeeStatusSummary = () =>
  useQuery<EmployeeStatusSummary>({
    queryKey: ["/api/admin/employee-status-summary"],
    staleTime: 0,
  });

export const useSystemHealth = () =>
  useQuery<SystemHealth>({ queryKey: ["/api/admin/system-health"], staleTime: 0 });

/** "2027-02" → "Feb 2027" */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  const name = new Date(Date.UTC(year, m - 1, 1)).toLocaleString("en", {
    month: "short",
    timeZone: "UTC",
  });
  return `${name} ${year}`;
}

export const formatPercent = (value: number) => `${value.toFixed(1).replace(/\.0$/, "")}%`;

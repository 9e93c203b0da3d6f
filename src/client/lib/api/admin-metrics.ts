import type { EmployeeStatusSummary } from "@shared/employees";
import type { AdminStats, EnhancedMetrics, SystemHealth } from "@shared/metrics";
import type { PairingReportResponse } from "@shared/pairings";
import { getJson } from "./request";

export const metricKeys = {
  enhanced: ["/api/admin/enhanced-metrics"] as const,
  stats: ["/api/admin/stats"] as const,
  pairingReport: ["/api/admin/pairing-report"] as const,
  employeeStatus: ["/api/admin/employee-status-summary"] as const,
  systemHealth: ["/api/admin/system-health"] as const,
};

export const metricsApi = {
  enhanced: (signal?: AbortSignal) => getJson<EnhancedMetrics>(metricKeys.enhanced[0], signal),
  stats: (signal?: AbortSignal) => getJson<AdminStats>(metricKeys.stats[0], signal),
  pairingReport: (signal?: AbortSignal) =>
    getJson<PairingReportResponse>(metricKeys.pairingReport[0], signal),
  employeeStatus: (signal?: AbortSignal) =>
    getJson<EmployeeStatusSummary>(metricKeys.employeeStatus[0], signal),
  systemHealth: (signal?: AbortSignal) => getJson<SystemHealth>(metricKeys.systemHealth[0], signal),
};

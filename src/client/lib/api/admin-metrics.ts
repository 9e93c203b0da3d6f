import type { ConnectionSettings, ConnectionsQuery } from "@shared/connections";
import { employeeEndpoints } from "@shared/endpoints/employees";
import { metricEndpoints } from "@shared/endpoints/metrics";
import { pairingEndpoints } from "@shared/endpoints/pairings";
import { call } from "./request";

export const metricKeys = {
  enhanced: [metricEndpoints.enhanced.path] as const,
  stats: [metricEndpoints.stats.path] as const,
  pairingReport: [pairingEndpoints.report.path] as const,
  employeeStatus: [employeeEndpoints.statusSummary.path] as const,
  systemHealth: [metricEndpoints.systemHealth.path] as const,
  connections: (query: ConnectionsQuery) => [metricEndpoints.connections.path, query] as const,
  connectionSettings: [metricEndpoints.connectionSettings.path] as const,
};

export const metricsApi = {
  enhanced: (signal?: AbortSignal) => call(metricEndpoints.enhanced, { signal }),
  stats: (signal?: AbortSignal) => call(metricEndpoints.stats, { signal }),
  pairingReport: (signal?: AbortSignal) => call(pairingEndpoints.report, { signal }),
  employeeStatus: (signal?: AbortSignal) => call(employeeEndpoints.statusSummary, { signal }),
  systemHealth: (signal?: AbortSignal) => call(metricEndpoints.systemHealth, { signal }),
  connections: (query: ConnectionsQuery, signal?: AbortSignal) =>
    call(metricEndpoints.connections, { query, signal }),
  connectionSettings: (signal?: AbortSignal) =>
    call(metricEndpoints.connectionSettings, { signal }),
  saveConnectionSettings: (body: ConnectionSettings) =>
    call(metricEndpoints.saveConnectionSettings, { body }),
};

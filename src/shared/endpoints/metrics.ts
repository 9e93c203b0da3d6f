import { answers } from "../api";
import {
  connectionSettingsSchema,
  connectionsQuerySchema,
  connectionsSchema,
} from "../connections";
import { adminStatsSchema, enhancedMetricsSchema, systemHealthSchema } from "../metrics";
import { publicFiguresSchema } from "../public-figures";
import { endpoint } from "./endpoint";

/** The dashboard's counters and metrics, and the landing page's figures (docs/admin-console.md). */
export const metricEndpoints = {
  stats: endpoint({ method: "GET", path: "/api/admin/stats", response: answers(adminStatsSchema) }),
  enhanced: endpoint({
    method: "GET",
    path: "/api/admin/enhanced-metrics",
    response: answers(enhancedMetricsSchema),
  }),
  systemHealth: endpoint({
    method: "GET",
    path: "/api/admin/system-health",
    response: answers(systemHealthSchema),
  }),
  /** The map of connections across departments (docs/admin-console.md, "Connections"). */
  connections: endpoint({
    method: "GET",
    path: "/api/admin/metrics/connections",
    query: connectionsQuerySchema,
    response: answers(connectionsSchema),
  }),
  connectionSettings: endpoint({
    method: "GET",
    path: "/api/admin/metrics/connections/settings",
    response: answers(connectionSettingsSchema),
  }),
  saveConnectionSettings: endpoint({
    method: "PUT",
    path: "/api/admin/metrics/connections/settings",
    body: connectionSettingsSchema,
    response: answers(connectionSettingsSchema),
  }),
  /** For anyone, signed in or not. */
  publicFigures: endpoint({
    access: "public",
    method: "GET",
    path: "/api/public/figures",
    response: answers(publicFiguresSchema),
  }),
};

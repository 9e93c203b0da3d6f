import type { FeatureRoutes } from "../context";
import { getAdminStats } from "./admin-stats";
import { getEnhancedMetrics } from "./enhanced-metrics";
import { getSystemHealth } from "./system-health";

/** Dashboard and metrics reads; the admin hook in app.ts guards every path. */
const metricsRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get("/api/admin/stats", async () => getAdminStats(ctx));
  app.get("/api/admin/enhanced-metrics", async () => getEnhancedMetrics(ctx));
  app.get("/api/admin/system-health", async () => getSystemHealth(ctx));
};

export default metricsRoutes;

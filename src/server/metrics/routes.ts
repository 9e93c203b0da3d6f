import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { metricEndpoints as endpoints } from "../../shared/endpoints/metrics";
import { PUBLIC_FIGURES_MAX_AGE_SECONDS } from "../../shared/public-figures";
import { recordSettingChange } from "../activity/setting-changed";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getConnectionSettings, saveConnectionSettings } from "../settings/connection-settings";
import { getAdminStats } from "./admin-stats";
import { getConnections } from "./connections/get-connections";
import { getEnhancedMetrics } from "./enhanced-metrics";
import { publicFiguresReader } from "./public-figures";
import { getSystemHealth } from "./system-health";

/** Dashboard and metrics reads; the admin hook in app.ts guards every /api/admin path. */
const metricsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...endpointRoute(endpoints.stats), handler: async () => getAdminStats(ctx) });
  r.route({ ...endpointRoute(endpoints.enhanced), handler: async () => getEnhancedMetrics(ctx) });
  r.route({
    ...endpointRoute(endpoints.systemHealth),
    handler: async () => getSystemHealth(ctx),
  });
  r.route({
    ...endpointRoute(endpoints.connections),
    handler: async (request) => getConnections(ctx, request.query),
  });
  r.route({
    ...endpointRoute(endpoints.connectionSettings),
    handler: async () => getConnectionSettings(ctx.db),
  });
  r.route({
    ...endpointRoute(endpoints.saveConnectionSettings),
    handler: async (request) => {
      await saveConnectionSettings(ctx.db, request.body);
      const saved = await getConnectionSettings(ctx.db);
      await recordSettingChange(
        ctx,
        request.user,
        `set the Connections figures to hide groups smaller than ${saved.minCell} people`,
      );
      return saved;
    },
  });

  // The landing page's figures, for anyone: no session is looked up (`sessionInRoute`, and the
  // route reads none), and browsers and proxies may keep the answer as long as the server does.
  const publicFigures = publicFiguresReader(ctx);
  r.route({
    ...endpointRoute(endpoints.publicFigures),
    config: { sessionInRoute: true },
    handler: async (_request, reply) => {
      reply.header("Cache-Control", `public, max-age=${PUBLIC_FIGURES_MAX_AGE_SECONDS}`);
      return publicFigures();
    },
  });
};

export default metricsRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import { adminStatsSchema, enhancedMetricsSchema, systemHealthSchema } from "../../shared/metrics";
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, publicFiguresSchema } from "../../shared/public-figures";
import type { FeatureRoutes } from "../context";
import { getAdminStats } from "./admin-stats";
import { getEnhancedMetrics } from "./enhanced-metrics";
import { publicFiguresReader } from "./public-figures";
import { getSystemHealth } from "./system-health";

const reads = <T extends Parameters<typeof answers>[0]>(schema: T) => ({
  schema: { response: answers(schema) },
});

/** Dashboard and metrics reads; the admin hook in app.ts guards every /api/admin path. */
const metricsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/stats", reads(adminStatsSchema), async () => getAdminStats(ctx));
  r.get("/api/admin/enhanced-metrics", reads(enhancedMetricsSchema), async () =>
    getEnhancedMetrics(ctx),
  );
  r.get("/api/admin/system-health", reads(systemHealthSchema), async () => getSystemHealth(ctx));

  // The landing page's figures, for anyone: no session is looked up (`sessionInRoute`, and the
  // route reads none), and browsers and proxies may keep the answer as long as the server does.
  const publicFigures = publicFiguresReader(ctx);
  r.get(
    "/api/public/figures",
    { config: { sessionInRoute: true }, ...reads(publicFiguresSchema) },
    async (_request, reply) => {
      reply.header("Cache-Control", `public, max-age=${PUBLIC_FIGURES_MAX_AGE_SECONDS}`);
      return publicFigures();
    },
  );
};

export default metricsRoutes;

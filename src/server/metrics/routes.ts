import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PUBLIC_FIGURES_MAX_AGE_SECONDS, publicFiguresSchema } from "../../shared/public-figures";
import type { FeatureRoutes } from "../context";
import { getAdminStats } from "./admin-stats";
import { getEnhancedMetrics } from "./enhanced-metrics";
import { publicFiguresReader } from "./public-figures";
import { getSystemHealth } from "./system-health";

/** Dashboard and metrics reads; the admin hook in app.ts guards every /api/admin path. */
const metricsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.get("/api/admin/stats", async () => getAdminStats(ctx));
  app.get("/api/admin/enhanced-metrics", async () => getEnhancedMetrics(ctx));
  app.get("/api/admin/system-health", async () => getSystemHealth(ctx));

  // The landing page's figures, for anyone: no session is looked up (`sessionInRoute`, and the
  // route reads none), and browsers and proxies may keep the answer as long as the server does.
  const publicFigures = publicFiguresReader(ctx);
  r.get(
    "/api/public/figures",
    { config: { sessionInRoute: true }, schema: { response: { 200: publicFiguresSchema } } },
    async (_request, reply) => {
      reply.header("Cache-Control", `public, max-age=${PUBLIC_FIGURES_MAX_AGE_SECONDS}`);
      return publicFigures();
    },
  );
};

export default metricsRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { schedulingEndpoints as endpoints } from "../../shared/endpoints/scheduling";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { calendarStatus, testCalendarConnection } from "./calendar-connection";

/** The company's calendar connection (docs/scheduling.md); app.ts guards /api/admin. */
const schedulingRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.calendarStatus),
    handler: async () => calendarStatus(ctx.config),
  });
  r.route({
    ...endpointRoute(endpoints.testCalendar),
    handler: async (request) =>
      testCalendarConnection(ctx.config, requireAdmin(request).email, ctx.clock.now()),
  });
};

export default schedulingRoutes;

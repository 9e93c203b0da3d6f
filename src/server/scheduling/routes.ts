import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { schedulingEndpoints as endpoints } from "../../shared/endpoints/scheduling";
import type { FeatureRoutes } from "../context";
import { Unauthorized } from "../errors";
import { endpointRoute } from "../http/endpoint-route";
import { calendarStatus, testCalendarConnection } from "./calendar-connection";

/**
 * The company's calendar connection (docs/scheduling.md). app.ts lets only admins into /api/admin;
 * the session hook's user is read here without auth/'s guards, as sign-in mail puts auth/ above
 * the outbox, and the outbox reads proposed times from this folder (docs/architecture.md).
 */
const schedulingRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.calendarStatus),
    handler: async () => calendarStatus(ctx.config),
  });
  r.route({
    ...endpointRoute(endpoints.testCalendar),
    handler: async (request) =>
      testCalendarConnection(ctx.config, signedInAddress(request.user), ctx.clock.now()),
  });
};

function signedInAddress(user: { email: string } | null): string {
  if (!user) throw new Unauthorized();
  return user.email;
}

export default schedulingRoutes;

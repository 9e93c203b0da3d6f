import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { employeeEndpoints as endpoints } from "../../shared/endpoints/employees";
import { namedPerson } from "../activity/people-line";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getEmployeeStatusSummary } from "./employee-status-summary";
import { seedUsers } from "./seed-users";
import { syncEmployeeData } from "./sync-employee-data";
import { syncEmployeeStatus } from "./sync-employee-status";

/** Roster sync and employee status (admin only: the admin hook in app.ts guards /api/admin/*). */
const employeesRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.syncData),
    // Room for a 1 MB CSV inside its JSON wrapper (escaped quotes and newlines grow it).
    bodyLimit: 3 * 1024 * 1024,
    config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    handler: async (request) =>
      syncEmployeeData(ctx, namedPerson(requireAdmin(request)), request.body.csv),
  });
  r.route({
    ...endpointRoute(endpoints.syncStatus),
    handler: async () => syncEmployeeStatus(ctx),
  });
  r.route({
    ...endpointRoute(endpoints.statusSummary),
    handler: async () => getEmployeeStatusSummary(ctx),
  });
  // Sample people belong in a demo only: elsewhere the endpoint does not exist (404).
  if (ctx.config.DEMO) {
    r.route({
      ...endpointRoute(endpoints.seedUsers),
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      handler: async () => seedUsers(ctx),
    });
  }
};

export default employeesRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import {
  employeeStatusSummarySchema,
  seedUsersResponseSchema,
  syncEmployeeDataResponseSchema,
  syncEmployeeDataSchema,
  syncEmployeeStatusResponseSchema,
} from "../../shared/employees";
import type { FeatureRoutes } from "../context";
import { getEmployeeStatusSummary } from "./employee-status-summary";
import { seedUsers } from "./seed-users";
import { syncEmployeeData } from "./sync-employee-data";
import { syncEmployeeStatus } from "./sync-employee-status";

/** Roster sync and employee status (admin only: the admin hook in app.ts guards /api/admin/*). */
const employeesRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/admin/sync-employee-data",
    {
      schema: { body: syncEmployeeDataSchema, response: answers(syncEmployeeDataResponseSchema) },
      // Room for a 1 MB CSV inside its JSON wrapper (escaped quotes and newlines grow it).
      bodyLimit: 3 * 1024 * 1024,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => syncEmployeeData(ctx, request.body.csv),
  );
  r.post(
    "/api/admin/sync-employee-status",
    { schema: { response: answers(syncEmployeeStatusResponseSchema) } },
    async () => syncEmployeeStatus(ctx),
  );
  r.get(
    "/api/admin/employee-status-summary",
    { schema: { response: answers(employeeStatusSummarySchema) } },
    async () => getEmployeeStatusSummary(ctx),
  );
  // Sample people belong in a demo only: elsewhere the endpoint does not exist (404).
  if (ctx.config.DEMO) {
    r.post(
      "/api/admin/seed-users",
      {
        schema: { response: answers(seedUsersResponseSchema) },
        config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
      },
      async () => seedUsers(ctx),
    );
  }
};

export default employeesRoutes;

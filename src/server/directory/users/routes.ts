import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminUserParamsSchema,
  adminUsersQuerySchema,
  USER_UPDATED,
  updateAdminUserSchema,
} from "../../../shared/admin-users";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { deactivateUser } from "./deactivate-user";
import { listUsers } from "./list-users";
import { reactivateUser } from "./reactivate-user";
import { updateUser } from "./update-user";

const accountLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/** User management on the Admin Tools tab; the admin hook in app.ts guards every path. */
const usersRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/users", { schema: { querystring: adminUsersQuerySchema } }, async (request) =>
    listUsers(ctx, request.query),
  );

  r.patch(
    "/api/admin/users/:id",
    {
      schema: { params: adminUserParamsSchema, body: updateAdminUserSchema },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request) => {
      const user = await updateUser(ctx, request.params.id, request.body);
      return {
        message: USER_UPDATED,
        user: {
          id: user.id,
          department: user.department,
          participationStatus: user.participationStatus,
          pauseStartDate: user.pauseStartDate,
          pauseEndDate: user.pauseEndDate,
        },
      };
    },
  );

  r.post(
    "/api/admin/users/:id/deactivate",
    { schema: { params: adminUserParamsSchema }, config: accountLimit },
    async (request) => deactivateUser(ctx, request.params.id, requireAdmin(request)),
  );
  r.post(
    "/api/admin/users/:id/reactivate",
    { schema: { params: adminUserParamsSchema }, config: accountLimit },
    async (request) => reactivateUser(ctx, request.params.id),
  );
};

export default usersRoutes;

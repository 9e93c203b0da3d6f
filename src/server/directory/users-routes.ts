import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminUserParamsSchema,
  adminUsersQuerySchema,
  USER_UPDATED,
  updateAdminUserSchema,
} from "../../shared/admin-users";
import type { FeatureRoutes } from "../context";
import { listUsers } from "./users/list-users";
import { updateUser } from "./users/update-user";

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
};

export default usersRoutes;

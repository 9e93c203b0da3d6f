import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountChangeResponseSchema,
  adminUserParamsSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adminUserUpdatedSchema,
  updateAdminUserSchema,
} from "../../../shared/admin-users";
import { answers } from "../../../shared/api";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { deactivateUser } from "./deactivate-user";
import { listUsers } from "./list-users";
import { presentUserUpdated } from "./present";
import { reactivateUser } from "./reactivate-user";
import { refuseScimManaged } from "./refuse-scim-managed";
import { updateUser } from "./update-user";

const accountLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };
const accountChange = {
  params: adminUserParamsSchema,
  response: answers(accountChangeResponseSchema),
};

/** User management on the Admin Tools tab; the admin hook in app.ts guards every path. */
const usersRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/users",
    { schema: { querystring: adminUsersQuerySchema, response: answers(adminUsersResponseSchema) } },
    async (request) => listUsers(ctx, request.query),
  );

  r.patch(
    "/api/admin/users/:id",
    {
      schema: {
        params: adminUserParamsSchema,
        body: updateAdminUserSchema,
        response: answers(adminUserUpdatedSchema),
      },
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (request) => {
      return presentUserUpdated(await updateUser(ctx, request.params.id, request.body));
    },
  );

  r.post(
    "/api/admin/users/:id/deactivate",
    { schema: accountChange, config: accountLimit },
    async (request) => {
      const admin = requireAdmin(request);
      await refuseScimManaged(ctx, request.params.id);
      return deactivateUser(ctx, request.params.id, admin);
    },
  );
  r.post(
    "/api/admin/users/:id/reactivate",
    { schema: accountChange, config: accountLimit },
    async (request) => {
      await refuseScimManaged(ctx, request.params.id);
      return reactivateUser(ctx, request.params.id);
    },
  );
};

export default usersRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminUserEndpoints as endpoints } from "../../../shared/endpoints/admin-users";
import { namedPerson } from "../../activity/people-line";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { deactivateUser } from "./deactivate-user";
import { listUsers } from "./list-users";
import { presentUserUpdated } from "./present";
import { reactivateUser } from "./reactivate-user";
import { refuseScimManaged } from "./refuse-scim-managed";
import { updateUser } from "./update-user";
import { usersCsv } from "./users-csv";

const accountLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/** User management on the Admin Tools tab; the admin hook in app.ts guards every path. */
const usersRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.list),
    handler: async (request) => listUsers(ctx, request.query),
  });

  r.route({
    ...endpointRoute(endpoints.csv),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const csv = await usersCsv(ctx, request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="users-${day}.csv"`)
        .header("Cache-Control", "no-store")
        .send(csv);
    },
  });

  r.route({
    ...endpointRoute(endpoints.update),
    config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
    handler: async (request) =>
      presentUserUpdated(
        await updateUser(ctx, request.params.id, request.body, namedPerson(requireAdmin(request))),
      ),
  });

  r.route({
    ...endpointRoute(endpoints.deactivate),
    config: accountLimit,
    handler: async (request) => {
      const admin = requireAdmin(request);
      await refuseScimManaged(ctx, request.params.id);
      return deactivateUser(ctx, request.params.id, admin);
    },
  });
  r.route({
    ...endpointRoute(endpoints.reactivate),
    config: accountLimit,
    handler: async (request) => {
      await refuseScimManaged(ctx, request.params.id);
      return reactivateUser(ctx, request.params.id);
    },
  });
};

export default usersRoutes;

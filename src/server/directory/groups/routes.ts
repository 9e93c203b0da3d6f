import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { whitelistEndpoints as endpoints } from "../../../shared/endpoints/whitelist";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { createDomainGroup } from "./create-domain-group";
import { deleteDomainGroup } from "./delete-domain-group";
import { listDomainGroups } from "./list-domain-groups";

/** Domain Groups; admin-only via the hook in app.ts. */
const groupsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.domainGroups),
    handler: async () => listDomainGroups(ctx),
  });

  r.route({
    ...endpointRoute(endpoints.createGroup),
    handler: async (request, reply) => {
      const group = await createDomainGroup(ctx, request.body);
      return reply.code(201).send(group);
    },
  });

  r.route({
    ...endpointRoute(endpoints.deleteGroup),
    handler: async (request) => deleteDomainGroup(ctx, request.params.id),
  });
};

export default groupsRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, created, successMessageSchema } from "../../../shared/api";
import { idParamsSchema } from "../../../shared/ids";
import { createDomainGroupSchema, domainGroupSchema } from "../../../shared/whitelist";
import type { FeatureRoutes } from "../../context";
import { createDomainGroup } from "./create-domain-group";
import { deleteDomainGroup } from "./delete-domain-group";
import { listDomainGroups } from "./list-domain-groups";

/** Domain Groups; admin-only via the hook in app.ts. */
const groupsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const list = { response: answers(z.array(domainGroupSchema)) };
  r.get("/api/admin/domain-groups", { schema: list }, async () => {
    return listDomainGroups(ctx);
  });

  r.post(
    "/api/admin/domain-groups",
    { schema: { body: createDomainGroupSchema, response: created(domainGroupSchema) } },
    async (request, reply) => {
      const group = await createDomainGroup(ctx, request.body);
      return reply.code(201).send(group);
    },
  );

  r.delete(
    "/api/admin/domain-groups/:id",
    { schema: { params: idParamsSchema, response: answers(successMessageSchema) } },
    async (request) => {
      return deleteDomainGroup(ctx, request.params.id);
    },
  );
};

export default groupsRoutes;

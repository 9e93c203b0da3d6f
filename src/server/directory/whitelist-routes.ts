import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../shared/ids";
import {
  addAllowedEmailSchema,
  createDomainGroupSchema,
  updateAllowedEmailSchema,
} from "../../shared/whitelist";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { createDomainGroup } from "./domain-groups/create-domain-group";
import { deleteDomainGroup } from "./domain-groups/delete-domain-group";
import { listDomainGroups } from "./domain-groups/list-domain-groups";
import { addAllowedEmail } from "./whitelist/add-allowed-email";
import { listAllowedEmails } from "./whitelist/list-allowed-emails";
import { removeAllowedEmail } from "./whitelist/remove-allowed-email";
import { updateAllowedEmailGroup } from "./whitelist/update-allowed-email";

/** Email Whitelist and Domain Groups; admin-only via the hook in app.ts. */
const whitelistRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/allowed-emails-with-groups", async () => {
    return listAllowedEmails(ctx);
  });

  r.post(
    "/api/admin/allowed-emails",
    { schema: { body: addAllowedEmailSchema } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const entry = await addAllowedEmail(ctx, admin, request.body);
      return reply.code(201).send(entry);
    },
  );

  r.patch(
    "/api/admin/allowed-emails/:id",
    { schema: { params: idParamsSchema, body: updateAllowedEmailSchema } },
    async (request) => {
      return updateAllowedEmailGroup(ctx, request.params.id, request.body.domainGroupId);
    },
  );

  r.delete(
    "/api/admin/allowed-emails/:id",
    { schema: { params: idParamsSchema } },
    async (request) => {
      return removeAllowedEmail(ctx, request.params.id);
    },
  );

  r.get("/api/admin/domain-groups", async () => {
    return listDomainGroups(ctx);
  });

  r.post(
    "/api/admin/domain-groups",
    { schema: { body: createDomainGroupSchema } },
    async (request, reply) => {
      const group = await createDomainGroup(ctx, request.body);
      return reply.code(201).send(group);
    },
  );

  r.delete(
    "/api/admin/domain-groups/:id",
    { schema: { params: idParamsSchema } },
    async (request) => {
      return deleteDomainGroup(ctx, request.params.id);
    },
  );
};

export default whitelistRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, created } from "../../../shared/api";
import { idParamsSchema } from "../../../shared/ids";
import {
  addAllowedEmailSchema,
  allowedEmailRemovedSchema,
  allowedEmailSchema,
  updateAllowedEmailSchema,
} from "../../../shared/whitelist";
import { requireAdmin } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { addAllowedEmail } from "./add-allowed-email";
import { listAllowedEmails } from "./list-allowed-emails";
import { removeAllowedEmail } from "./remove-allowed-email";
import { updateAllowedEmailGroup } from "./update-allowed-email";

/** The Email Whitelist; admin-only via the hook in app.ts. */
const whitelistRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const list = { response: answers(z.array(allowedEmailSchema)) };
  r.get("/api/admin/allowed-emails-with-groups", { schema: list }, async () => {
    return listAllowedEmails(ctx);
  });

  r.post(
    "/api/admin/allowed-emails",
    { schema: { body: addAllowedEmailSchema, response: created(allowedEmailSchema) } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const entry = await addAllowedEmail(ctx, admin, request.body);
      return reply.code(201).send(entry);
    },
  );

  r.patch(
    "/api/admin/allowed-emails/:id",
    {
      schema: {
        params: idParamsSchema,
        body: updateAllowedEmailSchema,
        response: answers(allowedEmailSchema),
      },
    },
    async (request) => {
      return updateAllowedEmailGroup(ctx, request.params.id, request.body.domainGroupId);
    },
  );

  r.delete(
    "/api/admin/allowed-emails/:id",
    { schema: { params: idParamsSchema, response: answers(allowedEmailRemovedSchema) } },
    async (request) => {
      return removeAllowedEmail(ctx, request.params.id);
    },
  );
};

export default whitelistRoutes;

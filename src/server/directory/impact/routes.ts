import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../../shared/api";
import { departmentIdParamsSchema } from "../../../shared/departments";
import { idParamsSchema } from "../../../shared/ids";
import {
  departmentImpactSchema,
  entryImpactSchema,
  groupImpactSchema,
} from "../../../shared/impact";
import type { FeatureRoutes } from "../../context";
import { entryImpact } from "./entry-impact";
import { departmentImpact, groupImpact } from "./group-impact";

/**
 * Reads of what a removal would touch, for the confirmation that asks first; the admin hook in
 * app.ts guards every /api/admin path.
 */
const impactRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/allowed-emails/:id/impact",
    { schema: { params: idParamsSchema, response: answers(entryImpactSchema) } },
    async (request) => entryImpact(ctx, request.params.id),
  );
  r.get(
    "/api/admin/domain-groups/:id/impact",
    { schema: { params: idParamsSchema, response: answers(groupImpactSchema) } },
    async (request) => groupImpact(ctx, request.params.id),
  );
  r.get(
    "/api/admin/departments/:groupId/:departmentId/impact",
    { schema: { params: departmentIdParamsSchema, response: answers(departmentImpactSchema) } },
    async (request) => departmentImpact(ctx, request.params.groupId, request.params.departmentId),
  );
};

export default impactRoutes;

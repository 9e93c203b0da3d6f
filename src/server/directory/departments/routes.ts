import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  departmentByIdEndpoints as byId,
  departmentEndpoints as endpoints,
} from "../../../shared/endpoints/departments";
import { hasAdminRights, requireUser } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/endpoint-route";
import { createDepartment } from "./create-department";
import { deleteDepartment, removeDepartment } from "./delete-department";
import { departmentChangeImpact } from "./department-change-impact";
import {
  departmentsForDomainRequest,
  departmentsOfEmail,
  departmentsOfGroup,
} from "./department-lists";
import { listDepartmentUsers } from "./list-department-users";
import { listDepartmentsWithCounts, listGroupDepartments } from "./list-group-departments";
import { mergeDepartment } from "./merge-department";
import {
  presentAdminDepartment,
  presentDepartment,
  presentDepartmentUser,
  presentMoved,
} from "./present";
import { renameDepartment, renameDepartmentById } from "./rename-department";

const writeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

/** The department lists a signed-in person picks from. */
const employeeDepartmentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.company),
    handler: async (request) => {
      requireUser(request);
      return (await departmentsOfGroup(ctx.db, null)).map(presentDepartment);
    },
  });

  r.route({
    ...endpointRoute(endpoints.ofDomain),
    handler: async (request) => {
      const user = requireUser(request);
      const asker = { email: user.email, isAdmin: hasAdminRights(user, request.sessionKind) };
      const list = await departmentsForDomainRequest(ctx.db, asker, request.params.emailDomain);
      return list.map(presentDepartment);
    },
  });

  r.route({
    ...endpointRoute(endpoints.mine),
    handler: async (request) => {
      const user = requireUser(request);
      return (await departmentsOfEmail(ctx.db, user.email)).map(presentDepartment);
    },
  });
};

/** The admin's department lists per group: add, rename, delete, and who is in one. */
const adminDepartmentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.ofGroup),
    handler: async (request) =>
      (await listGroupDepartments(ctx, request.params.groupId)).map(presentAdminDepartment),
  });

  r.route({
    ...endpointRoute(endpoints.create),
    config: writeLimit,
    handler: async (request, reply) => {
      const created = await createDepartment(ctx, request.params.groupId, request.body);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  });

  r.route({
    ...endpointRoute(endpoints.createWithGroup),
    config: writeLimit,
    handler: async (request, reply) => {
      const { domainGroupId, ...fields } = request.body;
      const created = await createDepartment(ctx, domainGroupId, fields);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  });

  r.route({
    ...endpointRoute(endpoints.rename),
    config: writeLimit,
    handler: async (request) => {
      const { groupId, departmentId } = request.params;
      const renamed = await renameDepartment(ctx, groupId, departmentId, request.body);
      return presentAdminDepartment(renamed);
    },
  });

  r.route({
    ...endpointRoute(endpoints.remove),
    config: writeLimit,
    handler: async (request) => {
      const { groupId, departmentId } = request.params;
      const result = await deleteDepartment(ctx, groupId, departmentId);
      return { message: result.message, movedUsers: result.movedUsers };
    },
  });

  r.route({
    ...endpointRoute(endpoints.users),
    handler: async (request) => {
      const { groupId, departmentName } = request.params;
      const list = await listDepartmentUsers(ctx, groupId, departmentName);
      return list.map(presentDepartmentUser);
    },
  });
};

/**
 * One department of any list by its id, the company-wide list included: rename, merge, remove,
 * and who each would touch, read first (docs/admin-console.md, "Departments").
 */
const departmentByIdRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(byId.companyAdmin),
    handler: async () => (await listDepartmentsWithCounts(ctx, null)).map(presentAdminDepartment),
  });

  r.route({
    ...endpointRoute(byId.impact),
    handler: async (request) => departmentChangeImpact(ctx, request.params.departmentId),
  });

  r.route({
    ...endpointRoute(byId.rename),
    config: writeLimit,
    handler: async (request) =>
      presentAdminDepartment(
        await renameDepartmentById(ctx, request.params.departmentId, request.body),
      ),
  });

  r.route({
    ...endpointRoute(byId.merge),
    config: writeLimit,
    handler: async (request) =>
      presentMoved(await mergeDepartment(ctx, request.params.departmentId, request.body)),
  });

  r.route({
    ...endpointRoute(byId.remove),
    config: writeLimit,
    handler: async (request) =>
      presentMoved(await removeDepartment(ctx, request.params.departmentId)),
  });
};

const departmentsRoutes: FeatureRoutes = async (app, options) => {
  await employeeDepartmentRoutes(app, options);
  await adminDepartmentRoutes(app, options);
  await departmentByIdRoutes(app, options);
};

export default departmentsRoutes;

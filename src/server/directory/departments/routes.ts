import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type AdminDepartment,
  createDepartmentSchema,
  createDepartmentWithGroupSchema,
  type Department,
  departmentIdParamsSchema,
  departmentUsersParamsSchema,
  emailDomainParamsSchema,
  groupIdParamsSchema,
  renameDepartmentSchema,
} from "../../../shared/departments";
import { hasAdminRights, requireUser } from "../../auth/guards";
import type { FeatureRoutes } from "../../context";
import { createDepartment } from "./create-department";
import { deleteDepartment } from "./delete-department";
import {
  departmentsForDomainRequest,
  departmentsOfEmail,
  departmentsOfGroup,
} from "./department-lists";
import { listDepartmentUsers } from "./list-department-users";
import { listGroupDepartments } from "./list-group-departments";
import { renameDepartment } from "./rename-department";

const presentDepartment = (d: Department): Department => ({
  id: d.id,
  name: d.name,
  displayName: d.displayName,
});

const presentAdminDepartment = (d: AdminDepartment): AdminDepartment => ({
  id: d.id,
  name: d.name,
  displayName: d.displayName,
  domainGroupId: d.domainGroupId,
  userCount: d.userCount,
});

const writeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

const departmentsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/departments", async (request) => {
    requireUser(request);
    return (await departmentsOfGroup(ctx.db, null)).map(presentDepartment);
  });

  r.get(
    "/api/departments/domain/:emailDomain",
    { schema: { params: emailDomainParamsSchema } },
    async (request) => {
      const user = requireUser(request);
      const asker = { email: user.email, isAdmin: hasAdminRights(user, request.sessionKind) };
      const list = await departmentsForDomainRequest(ctx.db, asker, request.params.emailDomain);
      return list.map(presentDepartment);
    },
  );

  r.get("/api/user/departments", async (request) => {
    const user = requireUser(request);
    return (await departmentsOfEmail(ctx.db, user.email)).map(presentDepartment);
  });

  r.get(
    "/api/admin/departments/:groupId",
    { schema: { params: groupIdParamsSchema } },
    async (request) => {
      return (await listGroupDepartments(ctx, request.params.groupId)).map(presentAdminDepartment);
    },
  );

  r.post(
    "/api/admin/departments/:groupId",
    { schema: { params: groupIdParamsSchema, body: createDepartmentSchema }, config: writeLimit },
    async (request, reply) => {
      const created = await createDepartment(ctx, request.params.groupId, request.body);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  );

  r.post(
    "/api/admin/departments",
    { schema: { body: createDepartmentWithGroupSchema }, config: writeLimit },
    async (request, reply) => {
      const { domainGroupId, ...fields } = request.body;
      const created = await createDepartment(ctx, domainGroupId, fields);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  );

  r.patch(
    "/api/admin/departments/:groupId/:departmentId",
    {
      schema: { params: departmentIdParamsSchema, body: renameDepartmentSchema },
      config: writeLimit,
    },
    async (request) => {
      const { groupId, departmentId } = request.params;
      const renamed = await renameDepartment(ctx, groupId, departmentId, request.body);
      return presentAdminDepartment(renamed);
    },
  );

  r.delete(
    "/api/admin/departments/:groupId/:departmentId",
    { schema: { params: departmentIdParamsSchema }, config: writeLimit },
    async (request) => {
      const { groupId, departmentId } = request.params;
      const result = await deleteDepartment(ctx, groupId, departmentId);
      return { message: result.message, movedUsers: result.movedUsers };
    },
  );

  r.get(
    "/api/admin/departments/:groupId/:departmentName/users",
    { schema: { params: departmentUsersParamsSchema } },
    async (request) => {
      const { groupId, departmentName } = request.params;
      const list = await listDepartmentUsers(ctx, groupId, departmentName);
      return list.map((u) => ({
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
      }));
    },
  );
};

export default departmentsRoutes;

import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { answers, created } from "../../../shared/api";
import {
  adminDepartmentSchema,
  createDepartmentSchema,
  createDepartmentWithGroupSchema,
  departmentDeletedSchema,
  departmentIdParamsSchema,
  departmentSchema,
  departmentUserSchema,
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
import { presentAdminDepartment, presentDepartment, presentDepartmentUser } from "./present";
import { renameDepartment } from "./rename-department";

const writeLimit = { rateLimit: { max: 60, timeWindow: "1 minute" } };

const list = { response: answers(z.array(departmentSchema)) };
const adminList = { response: answers(z.array(adminDepartmentSchema)) };
const made = created(adminDepartmentSchema);

/** The department lists a signed-in person picks from. */
const employeeDepartmentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/departments", { schema: list }, async (request) => {
    requireUser(request);
    return (await departmentsOfGroup(ctx.db, null)).map(presentDepartment);
  });

  r.get(
    "/api/departments/domain/:emailDomain",
    { schema: { params: emailDomainParamsSchema, ...list } },
    async (request) => {
      const user = requireUser(request);
      const asker = { email: user.email, isAdmin: hasAdminRights(user, request.sessionKind) };
      const list = await departmentsForDomainRequest(ctx.db, asker, request.params.emailDomain);
      return list.map(presentDepartment);
    },
  );

  r.get("/api/user/departments", { schema: list }, async (request) => {
    const user = requireUser(request);
    return (await departmentsOfEmail(ctx.db, user.email)).map(presentDepartment);
  });
};

/** The admin's department lists per group: add, rename, delete, and who is in one. */
const adminDepartmentRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/admin/departments/:groupId",
    { schema: { params: groupIdParamsSchema, ...adminList } },
    async (request) => {
      return (await listGroupDepartments(ctx, request.params.groupId)).map(presentAdminDepartment);
    },
  );

  r.post(
    "/api/admin/departments/:groupId",
    {
      schema: { params: groupIdParamsSchema, body: createDepartmentSchema, response: made },
      config: writeLimit,
    },
    async (request, reply) => {
      const created = await createDepartment(ctx, request.params.groupId, request.body);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  );

  r.post(
    "/api/admin/departments",
    { schema: { body: createDepartmentWithGroupSchema, response: made }, config: writeLimit },
    async (request, reply) => {
      const { domainGroupId, ...fields } = request.body;
      const created = await createDepartment(ctx, domainGroupId, fields);
      return reply.code(201).send(presentAdminDepartment(created));
    },
  );

  r.patch(
    "/api/admin/departments/:groupId/:departmentId",
    {
      schema: {
        params: departmentIdParamsSchema,
        body: renameDepartmentSchema,
        response: answers(adminDepartmentSchema),
      },
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
    {
      schema: { params: departmentIdParamsSchema, response: answers(departmentDeletedSchema) },
      config: writeLimit,
    },
    async (request) => {
      const { groupId, departmentId } = request.params;
      const result = await deleteDepartment(ctx, groupId, departmentId);
      return { message: result.message, movedUsers: result.movedUsers };
    },
  );

  r.get(
    "/api/admin/departments/:groupId/:departmentName/users",
    {
      schema: {
        params: departmentUsersParamsSchema,
        response: answers(z.array(departmentUserSchema)),
      },
    },
    async (request) => {
      const { groupId, departmentName } = request.params;
      const list = await listDepartmentUsers(ctx, groupId, departmentName);
      return list.map(presentDepartmentUser);
    },
  );
};

const departmentsRoutes: FeatureRoutes = async (app, options) => {
  await employeeDepartmentRoutes(app, options);
  await adminDepartmentRoutes(app, options);
};

export default departmentsRoutes;

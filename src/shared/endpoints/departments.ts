import { z } from "zod";
import { answers, created } from "../api";
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
} from "../departments";
import { endpoint } from "./endpoint";

const list = answers(z.array(departmentSchema));

/** The department lists people pick from, and the admin's lists per group (docs/admin-console.md). */
export const departmentEndpoints = {
  /** The company-wide list (people outside any group). */
  company: endpoint({ method: "GET", path: "/api/departments", response: list }),
  ofDomain: endpoint({
    method: "GET",
    path: "/api/departments/domain/:emailDomain",
    params: emailDomainParamsSchema,
    response: list,
  }),
  mine: endpoint({ method: "GET", path: "/api/user/departments", response: list }),
  ofGroup: endpoint({
    method: "GET",
    path: "/api/admin/departments/:groupId",
    params: groupIdParamsSchema,
    response: answers(z.array(adminDepartmentSchema)),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/departments/:groupId",
    params: groupIdParamsSchema,
    body: createDepartmentSchema,
    response: created(adminDepartmentSchema),
  }),
  /** A department of a group given in the body (null: the company-wide list). */
  createWithGroup: endpoint({
    method: "POST",
    path: "/api/admin/departments",
    body: createDepartmentWithGroupSchema,
    response: created(adminDepartmentSchema),
  }),
  rename: endpoint({
    method: "PATCH",
    path: "/api/admin/departments/:groupId/:departmentId",
    params: departmentIdParamsSchema,
    body: renameDepartmentSchema,
    response: answers(adminDepartmentSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/departments/:groupId/:departmentId",
    params: departmentIdParamsSchema,
    response: answers(departmentDeletedSchema),
  }),
  users: endpoint({
    method: "GET",
    path: "/api/admin/departments/:groupId/:departmentName/users",
    params: departmentUsersParamsSchema,
    response: answers(z.array(departmentUserSchema)),
  }),
};

import { z } from "zod";
import { answers, created } from "../api";
import {
  adminDepartmentSchema,
  createDepartmentSchema,
  createDepartmentWithGroupSchema,
  departmentByIdParamsSchema,
  departmentDeletedSchema,
  departmentIdParamsSchema,
  departmentMovedSchema,
  departmentSchema,
  departmentUserSchema,
  departmentUsersParamsSchema,
  emailDomainParamsSchema,
  groupIdParamsSchema,
  mergeDepartmentSchema,
  renameDepartmentSchema,
} from "../departments";
import { departmentChangeImpactSchema } from "../impact";
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

/**
 * One department of any list by its id (docs/admin-console.md, "Departments"): the company-wide
 * list has no group id, so these serve it and every group's list alike.
 */
export const departmentByIdEndpoints = {
  /** The company-wide list as the admin manages it, with how many people are in each. */
  companyAdmin: endpoint({
    method: "GET",
    path: "/api/admin/company-departments",
    response: answers(z.array(adminDepartmentSchema)),
  }),
  impact: endpoint({
    method: "GET",
    path: "/api/admin/departments-by-id/:departmentId/impact",
    params: departmentByIdParamsSchema,
    response: answers(departmentChangeImpactSchema),
  }),
  rename: endpoint({
    method: "PATCH",
    path: "/api/admin/departments-by-id/:departmentId",
    params: departmentByIdParamsSchema,
    body: renameDepartmentSchema,
    response: answers(adminDepartmentSchema),
  }),
  merge: endpoint({
    method: "POST",
    path: "/api/admin/departments-by-id/:departmentId/merge",
    params: departmentByIdParamsSchema,
    body: mergeDepartmentSchema,
    response: answers(departmentMovedSchema),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/departments-by-id/:departmentId",
    params: departmentByIdParamsSchema,
    response: answers(departmentMovedSchema),
  }),
};

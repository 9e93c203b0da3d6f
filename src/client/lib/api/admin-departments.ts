import type { AdminDepartment, CreateDepartmentInput, Department } from "@shared/departments";
import type { QueryKey } from "@tanstack/react-query";
import { apiRequest } from "../api-client";
import { getJson, segment } from "./request";

const ADMIN_DEPARTMENTS = "/api/admin/departments";
const COMPANY_DEPARTMENTS = "/api/departments";

export const departmentKeys = {
  /** Every group's list; the prefix of `ofGroup`. */
  allGroups: [ADMIN_DEPARTMENTS] as const,
  /** One group's departments, as the admin manages them. */
  ofGroup: (groupId: number) => [ADMIN_DEPARTMENTS, groupId] as const,
  /** The company-wide list (people outside any group). */
  company: [COMPANY_DEPARTMENTS] as const,
};

/**
 * Whether a cached query is a list people choose a department from (any group's, the company's,
 * a domain's); a department change refreshes them all.
 */
export function isDepartmentListKey(queryKey: QueryKey): boolean {
  const first = String(queryKey[0] ?? "");
  return first.startsWith(ADMIN_DEPARTMENTS) || first.startsWith(COMPANY_DEPARTMENTS);
}

export const departmentsApi = {
  ofGroup: (groupId: number, signal?: AbortSignal) =>
    getJson<AdminDepartment[]>(`${ADMIN_DEPARTMENTS}/${segment(groupId)}`, signal),
  company: (signal?: AbortSignal) => getJson<Department[]>(COMPANY_DEPARTMENTS, signal),
  /** A department of the company-wide list (people outside any domain group). */
  createCompanyWide: (body: CreateDepartmentInput) =>
    apiRequest<AdminDepartment>("POST", ADMIN_DEPARTMENTS, { ...body, domainGroupId: null }),
  create: (groupId: number, body: CreateDepartmentInput) =>
    apiRequest<AdminDepartment>("POST", `${ADMIN_DEPARTMENTS}/${segment(groupId)}`, body),
  rename: (groupId: number, departmentId: number, body: CreateDepartmentInput) =>
    apiRequest<AdminDepartment>(
      "PATCH",
      `${ADMIN_DEPARTMENTS}/${segment(groupId)}/${segment(departmentId)}`,
      body,
    ),
  remove: (groupId: number, departmentId: number) =>
    apiRequest<{ message: string }>(
      "DELETE",
      `${ADMIN_DEPARTMENTS}/${segment(groupId)}/${segment(departmentId)}`,
    ),
};

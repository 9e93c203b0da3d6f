import type { CreateDepartmentInput } from "@shared/departments";
import { departmentEndpoints as endpoints } from "@shared/endpoints/departments";
import type { QueryKey } from "@tanstack/react-query";
import { call } from "./request";

export const departmentKeys = {
  /** Every group's list; the prefix of `ofGroup`. */
  allGroups: [endpoints.ofGroup.path] as const,
  /** One group's departments, as the admin manages them. */
  ofGroup: (groupId: number) => [endpoints.ofGroup.path, groupId] as const,
  /** The company-wide list (people outside any group). */
  company: [endpoints.company.path] as const,
};

/**
 * Whether a cached query is a list people choose a department from (any group's, the company's,
 * a domain's); a department change refreshes them all.
 */
export function isDepartmentListKey(queryKey: QueryKey): boolean {
  const first = String(queryKey[0] ?? "");
  return first === endpoints.ofGroup.path || first.startsWith(endpoints.company.path);
}

export const departmentsApi = {
  ofGroup: (groupId: number, signal?: AbortSignal) =>
    call(endpoints.ofGroup, { params: { groupId }, signal }),
  company: (signal?: AbortSignal) => call(endpoints.company, { signal }),
  /** A department of the company-wide list (people outside any domain group). */
  createCompanyWide: (body: CreateDepartmentInput) =>
    call(endpoints.createWithGroup, { body: { ...body, domainGroupId: null } }),
  create: (groupId: number, body: CreateDepartmentInput) =>
    call(endpoints.create, { params: { groupId }, body }),
  rename: (groupId: number, departmentId: number, body: CreateDepartmentInput) =>
    call(endpoints.rename, { params: { groupId, departmentId }, body }),
  remove: (groupId: number, departmentId: number) =>
    call(endpoints.remove, { params: { groupId, departmentId } }),
};

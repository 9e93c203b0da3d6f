import type { CreateDepartmentInput, MergeDepartmentInput } from "@shared/departments";
import {
  departmentByIdEndpoints as byId,
  departmentEndpoints as endpoints,
} from "@shared/endpoints/departments";
import type { QueryKey } from "@tanstack/react-query";
import { call } from "./request";

export const departmentKeys = {
  /** Every group's list; the prefix of `ofGroup`. */
  allGroups: [endpoints.ofGroup.path] as const,
  /** One group's departments, as the admin manages them. */
  ofGroup: (groupId: number) => [endpoints.ofGroup.path, groupId] as const,
  /** The company-wide list (people outside any group). */
  company: [endpoints.company.path] as const,
  /** The company-wide list as the admin manages it, with counts. */
  companyAdmin: [byId.companyAdmin.path] as const,
  /** Who a change of one department touches, read afresh as a dialog opens. */
  impact: (departmentId: number) => [byId.impact.path, departmentId] as const,
};

/**
 * Whether a cached query is a list people choose a department from (any group's, the company's,
 * a domain's); a department change refreshes them all.
 */
export function isDepartmentListKey(queryKey: QueryKey): boolean {
  const first = String(queryKey[0] ?? "");
  return (
    first === endpoints.ofGroup.path ||
    first === byId.companyAdmin.path ||
    first.startsWith(endpoints.company.path)
  );
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
  companyAdmin: (signal?: AbortSignal) => call(byId.companyAdmin, { signal }),
  impact: (departmentId: number, signal?: AbortSignal) =>
    call(byId.impact, { params: { departmentId }, signal }),
  /** A department of any list, the company-wide one included, by its id. */
  rename: (departmentId: number, body: CreateDepartmentInput) =>
    call(byId.rename, { params: { departmentId }, body }),
  merge: (departmentId: number, body: MergeDepartmentInput) =>
    call(byId.merge, { params: { departmentId }, body }),
  remove: (departmentId: number) => call(byId.remove, { params: { departmentId } }),
};

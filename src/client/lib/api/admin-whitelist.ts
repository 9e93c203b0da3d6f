import type { DepartmentImpact, EntryImpact, GroupImpact } from "@shared/impact";
import type {
  AddAllowedEmail,
  AllowedEmail,
  CreateDomainGroup,
  DomainGroup,
} from "@shared/whitelist";
import { apiRequest } from "../api-client";
import { getJson, segment } from "./request";

export const whitelistKeys = {
  allowedEmails: ["/api/admin/allowed-emails-with-groups"] as const,
  domainGroups: ["/api/admin/domain-groups"] as const,
};

const ALLOWED_EMAILS = "/api/admin/allowed-emails";

export const whitelistApi = {
  allowedEmails: (signal?: AbortSignal) =>
    getJson<AllowedEmail[]>(whitelistKeys.allowedEmails[0], signal),
  domainGroups: (signal?: AbortSignal) =>
    getJson<DomainGroup[]>(whitelistKeys.domainGroups[0], signal),
  addEmail: (body: AddAllowedEmail) => apiRequest<AllowedEmail>("POST", ALLOWED_EMAILS, body),
  /** Moves an entry into a group (null: out of every group). */
  assignEmail: (entryId: number, domainGroupId: number | null) =>
    apiRequest<AllowedEmail>("PATCH", `${ALLOWED_EMAILS}/${segment(entryId)}`, { domainGroupId }),
  /** The answer's message says who lost access and what happens to their current match. */
  removeEmail: (entryId: number) =>
    apiRequest<{ message?: string } | undefined>("DELETE", `${ALLOWED_EMAILS}/${segment(entryId)}`),
  createGroup: (body: CreateDomainGroup) =>
    apiRequest<DomainGroup>("POST", whitelistKeys.domainGroups[0], body),
  /** Who removing the entry would touch (read-only). */
  entryImpact: (entryId: number, signal?: AbortSignal) =>
    getJson<EntryImpact>(`${ALLOWED_EMAILS}/${segment(entryId)}/impact`, signal),
  groupImpact: (groupId: number, signal?: AbortSignal) =>
    getJson<GroupImpact>(`${whitelistKeys.domainGroups[0]}/${segment(groupId)}/impact`, signal),
  departmentImpact: (groupId: number, departmentId: number, signal?: AbortSignal) =>
    getJson<DepartmentImpact>(
      `/api/admin/departments/${segment(groupId)}/${segment(departmentId)}/impact`,
      signal,
    ),
  deleteGroup: (groupId: number) =>
    apiRequest<unknown>("DELETE", `${whitelistKeys.domainGroups[0]}/${segment(groupId)}`),
};

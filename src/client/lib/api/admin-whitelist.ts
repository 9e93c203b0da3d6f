import { whitelistEndpoints as endpoints, impactEndpoints } from "@shared/endpoints/whitelist";
import type { AddAllowedEmail, CreateDomainGroup } from "@shared/whitelist";
import type { WhitelistImport } from "@shared/whitelist-import";
import { call } from "./request";

export const whitelistKeys = {
  allowedEmails: [endpoints.allowedEmails.path] as const,
  domainGroups: [endpoints.domainGroups.path] as const,
};

export const whitelistApi = {
  allowedEmails: (signal?: AbortSignal) => call(endpoints.allowedEmails, { signal }),
  domainGroups: (signal?: AbortSignal) => call(endpoints.domainGroups, { signal }),
  addEmail: (body: AddAllowedEmail) => call(endpoints.addEmail, { body }),
  /** Many rows at once; with `dryRun` only the preview of what would happen. */
  importEmails: (body: WhitelistImport) => call(endpoints.importEmails, { body }),
  /** Moves an entry into a group (null: out of every group). */
  assignEmail: (entryId: number, domainGroupId: number | null) =>
    call(endpoints.assignEmail, { params: { id: entryId }, body: { domainGroupId } }),
  /** The answer's message says who lost access and what happens to their current match. */
  removeEmail: (entryId: number) => call(endpoints.removeEmail, { params: { id: entryId } }),
  createGroup: (body: CreateDomainGroup) => call(endpoints.createGroup, { body }),
  /** Who removing the entry would touch (read-only). */
  entryImpact: (entryId: number, signal?: AbortSignal) =>
    call(impactEndpoints.entry, { params: { id: entryId }, signal }),
  groupImpact: (groupId: number, signal?: AbortSignal) =>
    call(impactEndpoints.group, { params: { id: groupId }, signal }),
  deleteGroup: (groupId: number) => call(endpoints.deleteGroup, { params: { id: groupId } }),
};

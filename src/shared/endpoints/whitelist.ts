import { z } from "zod";
import { answers, created, successMessageSchema } from "../api";
import { departmentIdParamsSchema } from "../departments";
import { idParamsSchema } from "../ids";
import { departmentImpactSchema, entryImpactSchema, groupImpactSchema } from "../impact";
import {
  addAllowedEmailSchema,
  allowedEmailRemovedSchema,
  allowedEmailSchema,
  createDomainGroupSchema,
  domainGroupSchema,
  updateAllowedEmailSchema,
} from "../whitelist";
import { whitelistImportResultSchema, whitelistImportSchema } from "../whitelist-import";
import { endpoint } from "./endpoint";

/** The Email Whitelist and its domain groups (docs/admin-console.md). */
export const whitelistEndpoints = {
  allowedEmails: endpoint({
    method: "GET",
    path: "/api/admin/allowed-emails-with-groups",
    response: answers(z.array(allowedEmailSchema)),
  }),
  addEmail: endpoint({
    method: "POST",
    path: "/api/admin/allowed-emails",
    body: addAllowedEmailSchema,
    response: created(allowedEmailSchema),
  }),
  /** Many addresses at once, row by row; `dryRun` only answers what would happen. */
  importEmails: endpoint({
    method: "POST",
    path: "/api/admin/whitelist/import",
    body: whitelistImportSchema,
    response: answers(whitelistImportResultSchema),
  }),
  /** Moves an entry into a group (null: out of every group). */
  assignEmail: endpoint({
    method: "PATCH",
    path: "/api/admin/allowed-emails/:id",
    params: idParamsSchema,
    body: updateAllowedEmailSchema,
    response: answers(allowedEmailSchema),
  }),
  removeEmail: endpoint({
    method: "DELETE",
    path: "/api/admin/allowed-emails/:id",
    params: idParamsSchema,
    response: answers(allowedEmailRemovedSchema),
  }),
  domainGroups: endpoint({
    method: "GET",
    path: "/api/admin/domain-groups",
    response: answers(z.array(domainGroupSchema)),
  }),
  createGroup: endpoint({
    method: "POST",
    path: "/api/admin/domain-groups",
    body: createDomainGroupSchema,
    response: created(domainGroupSchema),
  }),
  deleteGroup: endpoint({
    method: "DELETE",
    path: "/api/admin/domain-groups/:id",
    params: idParamsSchema,
    response: answers(successMessageSchema),
  }),
};

/** What a removal would touch, read before the confirmation that asks first. */
export const impactEndpoints = {
  entry: endpoint({
    method: "GET",
    path: "/api/admin/allowed-emails/:id/impact",
    params: idParamsSchema,
    response: answers(entryImpactSchema),
  }),
  group: endpoint({
    method: "GET",
    path: "/api/admin/domain-groups/:id/impact",
    params: idParamsSchema,
    response: answers(groupImpactSchema),
  }),
  department: endpoint({
    method: "GET",
    path: "/api/admin/departments/:groupId/:departmentId/impact",
    params: departmentIdParamsSchema,
    response: answers(departmentImpactSchema),
  }),
};

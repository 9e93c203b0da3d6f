import { answers } from "../api";
import { companySettingsSchema, gettingStartedSchema } from "../company";
import { identityStatusSchema } from "../sso";
import { endpoint } from "./endpoint";

/** The company's settings, the first admin's checklist and its identity provider (docs/admin-console.md). */
export const companyEndpoints = {
  settings: endpoint({
    method: "GET",
    path: "/api/admin/company",
    response: answers(companySettingsSchema),
  }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/admin/company",
    body: companySettingsSchema,
    response: answers(companySettingsSchema),
  }),
  gettingStarted: endpoint({
    method: "GET",
    path: "/api/admin/getting-started",
    response: answers(gettingStartedSchema),
  }),
  markInvited: endpoint({
    method: "POST",
    path: "/api/admin/getting-started/invited",
    response: answers(gettingStartedSchema),
  }),
  identity: endpoint({
    method: "GET",
    path: "/api/admin/identity",
    response: answers(identityStatusSchema),
  }),
};

import { answers, errorResponses } from "../api";
import {
  companySettingsSchema,
  gettingStartedSchema,
  launchQueuedSchema,
  publicCompanySchema,
} from "../company";
import { sendStatusSchema } from "../newsletters";
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
  /** Public: the company's name and contact address for the landing page and footer. */
  publicCompany: endpoint({
    access: "public",
    method: "GET",
    path: "/api/public/company",
    response: answers(publicCompanySchema),
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
  /** Puts the checklist away before every step is done. */
  dismissGettingStarted: endpoint({
    method: "POST",
    path: "/api/admin/getting-started/dismiss",
    response: answers(gettingStartedSchema),
  }),
  /** Queues the launch invitation in the outbox; its progress is launchStatus. */
  launch: endpoint({
    method: "POST",
    path: "/api/admin/getting-started/launch",
    response: { 202: launchQueuedSchema, ...errorResponses },
  }),
  /** The launch invitation's progress (404 before it was sent). */
  launchStatus: endpoint({
    method: "GET",
    path: "/api/admin/getting-started/launch",
    response: answers(sendStatusSchema),
  }),
  identity: endpoint({
    method: "GET",
    path: "/api/admin/identity",
    response: answers(identityStatusSchema),
  }),
};

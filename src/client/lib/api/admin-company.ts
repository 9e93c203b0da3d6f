import type { CompanySettings, GettingStarted, LaunchQueued } from "@shared/company";
import { apiRequest } from "../api-client";
import { getJson } from "./request";

export const companyKeys = {
  settings: ["/api/admin/company"] as const,
  gettingStarted: ["/api/admin/getting-started"] as const,
};

/** The company's own settings and the first admin's checklist. */
export const companyApi = {
  settings: (signal?: AbortSignal) => getJson<CompanySettings>(companyKeys.settings[0], signal),
  save: (body: CompanySettings) =>
    apiRequest<CompanySettings>("PUT", companyKeys.settings[0], body),
  gettingStarted: (signal?: AbortSignal) =>
    getJson<GettingStarted>(companyKeys.gettingStarted[0], signal),
  markInvited: () => apiRequest<GettingStarted>("POST", `${companyKeys.gettingStarted[0]}/invited`),
  /** The launch invitation through the delivery ledger; its progress is the send's status. */
  launch: () => apiRequest<LaunchQueued>("POST", `${companyKeys.gettingStarted[0]}/launch`),
};

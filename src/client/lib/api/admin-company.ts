import type { CompanySettings } from "@shared/company";
import { companyEndpoints as endpoints } from "@shared/endpoints/company";
import { call } from "./request";

export const companyKeys = {
  settings: [endpoints.settings.path] as const,
  gettingStarted: [endpoints.gettingStarted.path] as const,
  launchStatus: [endpoints.launchStatus.path, "status"] as const,
};

/** The company's own settings and the first admin's checklist. */
export const companyApi = {
  settings: (signal?: AbortSignal) => call(endpoints.settings, { signal }),
  save: (body: CompanySettings) => call(endpoints.saveSettings, { body }),
  gettingStarted: (signal?: AbortSignal) => call(endpoints.gettingStarted, { signal }),
  markInvited: () => call(endpoints.markInvited),
  dismiss: () => call(endpoints.dismissGettingStarted),
  /** The launch invitation through the outbox; its progress is launchStatus. */
  launch: () => call(endpoints.launch),
  launchStatus: (signal?: AbortSignal) => call(endpoints.launchStatus, { signal }),
};

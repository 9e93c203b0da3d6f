import { privacyEndpoints as endpoints } from "@shared/endpoints/privacy";
import type { Retention } from "@shared/privacy";
import { call } from "./request";

/** The file a person downloads with everything stored about them (docs/privacy.md). */
export const MY_DATA_URL = endpoints.myData.path;

export const retentionKeys = { status: [endpoints.retention.path] as const };

export const privacyApi = {
  deleteMyAccount: (confirmEmail: string) =>
    call(endpoints.deleteMyAccount, { body: { confirmEmail } }),
  erasePerson: (userId: string, confirmEmail: string) =>
    call(endpoints.erasePerson, { params: { id: userId }, body: { confirmEmail } }),
  retention: (signal?: AbortSignal) => call(endpoints.retention, { signal }),
  setRetention: (body: Retention) => call(endpoints.setRetention, { body }),
};

import { companyEndpoints } from "@shared/endpoints/company";
import type { SignInMethods } from "@shared/sso";
import { call, getJson } from "./request";

export const identityKeys = {
  status: [companyEndpoints.identity.path] as const,
  methods: ["/api/auth/methods"] as const,
};

export const identityApi = {
  /** SSO and SCIM as the Operations tab shows them. */
  status: (signal?: AbortSignal) => call(companyEndpoints.identity, { signal }),
  /** The ways in the sign-in page offers. */
  methods: (signal?: AbortSignal) => getJson<SignInMethods>(identityKeys.methods[0], signal),
};

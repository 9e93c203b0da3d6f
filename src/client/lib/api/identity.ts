import { authEndpoints } from "@shared/endpoints/auth";
import { companyEndpoints } from "@shared/endpoints/company";
import { call } from "./request";

export const identityKeys = {
  status: [companyEndpoints.identity.path] as const,
  methods: [authEndpoints.methods.path] as const,
};

export const identityApi = {
  /** SSO and SCIM as the Operations tab shows them. */
  status: (signal?: AbortSignal) => call(companyEndpoints.identity, { signal }),
  /** The ways in the sign-in page offers. */
  methods: (signal?: AbortSignal) => call(authEndpoints.methods, { signal }),
};

import type { IdentityStatus, SignInMethods } from "@shared/sso";
import { getJson } from "./request";

export const identityKeys = {
  status: ["/api/admin/identity"] as const,
  methods: ["/api/auth/methods"] as const,
};

export const identityApi = {
  /** SSO and SCIM as the Operations tab shows them. */
  status: (signal?: AbortSignal) => getJson<IdentityStatus>(identityKeys.status[0], signal),
  /** The ways in the sign-in page offers. */
  methods: (signal?: AbortSignal) => getJson<SignInMethods>(identityKeys.methods[0], signal),
};

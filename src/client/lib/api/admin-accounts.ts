import type { AddAdminInput, ForgotPasswordInput, SetPasswordInput } from "@shared/admin-accounts";
import { adminAccountEndpoints as endpoints } from "@shared/endpoints/admin-accounts";
import { call } from "./request";

export const adminAccountKeys = { list: [endpoints.list.path] as const };

export const adminAccountsApi = {
  list: (signal?: AbortSignal) => call(endpoints.list, { signal }),
  /** Makes the address an admin and e-mails them a set-password link. */
  add: (body: AddAdminInput) => call(endpoints.add, { body }),
  /** E-mails an admin a new set-password link; their password works until they use it. */
  sendPasswordLink: (id: string) => call(endpoints.sendPasswordLink, { params: { id } }),
  /** "Forgot your password?": the same answer whether or not the address is an admin's. */
  forgotPassword: (body: ForgotPasswordInput) => call(endpoints.forgotPassword, { body }),
  /** The set-password page's POST (the link's GET only shows the page). */
  setPassword: (body: SetPasswordInput) => call(endpoints.setPassword, { body }),
};

import { z } from "zod";

/** The ways in the sign-in page offers (GET /api/auth/methods). */
export const signInMethodsSchema = z.object({
  /** Codes and magic links by e-mail; off when the company signs in through its provider only. */
  emailSignIn: z.boolean(),
  /** "Sign in with {name}" through the company's OpenID Provider, or null when not configured. */
  sso: z.object({ name: z.string(), startUrl: z.string() }).nullable(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/**
 * Why a sign-in through the provider did not finish: the callback sends the browser to
 * `/auth?sso_error=<code>` and the sign-in page shows the message.
 */
export const ssoErrorMessages = {
  expired:
    "That sign-in attempt has expired or was already used. Please press the sign-in button again.",
  provider_unavailable:
    "Your company's sign-in service cannot be reached right now. Please try again in a few minutes.",
  unverified_email:
    "Your company account has no verified email address. Please ask your administrator to verify it.",
  not_authorized: "This email address is not authorized. Please contact your administrator.",
  account_inactive: "This account has been deactivated. Please contact your administrator.",
  denied: "The sign-in was cancelled at your company's sign-in service.",
  failed: "The sign-in could not be completed. Please press the sign-in button again.",
} as const;
export type SsoError = keyof typeof ssoErrorMessages;

export function ssoErrorMessage(code: string | null): string | null {
  if (!code || !Object.hasOwn(ssoErrorMessages, code)) return null;
  return ssoErrorMessages[code as SsoError];
}

export const EMAIL_SIGN_IN_OFF_MESSAGE =
  "Sign-in by email is turned off for this company. Please use your company account.";

/** The Operations tab's "Company identity" card (GET /api/admin/identity). */
export const identityStatusSchema = z.object({
  sso: z.object({ on: z.boolean(), name: z.string().nullable(), emailSignIn: z.boolean() }),
  scim: z.object({
    on: z.boolean(),
    /** ISO time of the provider's latest change, null when it never wrote. */
    lastChangeAt: z.string().nullable(),
    /** People the provider manages. */
    managed: z.number().int(),
  }),
});
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

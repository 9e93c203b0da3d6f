/**
 * Texts for the `error` query parameter that sign-in flows put on the landing page (/) and the
 * auth page (/auth). Only known codes have their own text; anything else, and any free text in a
 * `message` parameter, shows the generic message: a link must not put its own words in our alert.
 */

export type AuthErrorReading = "landing" | "auth";

export const DEFAULT_AUTH_ERROR_MESSAGE = "An error occurred during authentication.";

const common: Record<string, string> = {
  missing_token: "The magic link is missing a security token. Please request a new link.",
  verification_failed: "Magic link verification failed. Please try requesting a new link.",
  auth_failed: "Authentication failed. Please try again.",
};

const INVALID_LINK_DEFAULT = "This magic link is invalid or has expired. Please request a new one.";

const LANDING_INVALID_EMAIL =
  "Only company email addresses (the customer's domain) are allowed to join. Please sign in with your company email.";

const AUTH_NOT_AUTHORIZED =
  "This email address is not authorized. Please contact your administrator.";

/*
 * The post-sign-in page (/auth-success) sends people to /auth with session_expired or
 * auth_check_failed; the spec does not give their texts, so these are our own wording.
 */
const AUTH_ONLY_DEFAULTS: Record<string, string> = {
  session_expired: "Your session has expired. Please sign in again.",
  auth_check_failed: "We couldn't confirm your sign-in. Please try again.",
};

/**
 * The message for an auth error code.
 * @param reading "landing" for /, "auth" for /auth (they differ for invalid_email).
 */
export function getAuthErrorMessage(code: string, reading: AuthErrorReading = "landing"): string {
  if (code === "invalid_link") return INVALID_LINK_DEFAULT;
  if (Object.hasOwn(common, code)) return common[code] as string;
  if (reading === "landing" && code === "invalid_email") return LANDING_INVALID_EMAIL;
  if (reading === "auth" && (code === "invalid_email" || code === "unauthorized_email")) {
    return AUTH_NOT_AUTHORIZED;
  }
  if (reading === "auth" && Object.hasOwn(AUTH_ONLY_DEFAULTS, code))
    return AUTH_ONLY_DEFAULTS[code] as string;
  return DEFAULT_AUTH_ERROR_MESSAGE;
}

/** The landing page (/) reading. */
export function getLandingErrorMessage(code: string): string {
  return getAuthErrorMessage(code, "landing");
}

/** The auth page (/auth) reading. */
export function getAuthPageErrorMessage(code: string): string {
  return getAuthErrorMessage(code, "auth");
}

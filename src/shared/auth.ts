import { z } from "zod";
import { requiredText } from "./required-text";

/** API contract of sign-in. */

export const CODE_LENGTH = 6;

const emailField = requiredText(
  "Please enter your email address",
  320,
  "Please enter a valid email address",
  "Email",
);

export const emailBodySchema = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const sendCodeBodySchema = emailBodySchema;
export const magicLinkBodySchema = emailBodySchema;

export const verifyCodeBodySchema = z.object({
  email: emailField,
  code: z
    .string({ error: "Please enter the 6-digit code" })
    .trim()
    .min(1, { error: "Please enter the 6-digit code" })
    .regex(/^\d{6}$/, { error: "Please enter a valid 6-digit code" }),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

export const magicLinkVerifyBodySchema = z.object({
  token: z
    .string({ error: "The magic link is missing a security token. Please request a new link." })
    .min(1, { error: "The magic link is missing a security token. Please request a new link." })
    .max(200, { error: "This magic link is invalid or has expired. Please request a new one." }),
});

export const simpleAuthBodySchema = z.object({
  email: emailField,
  /** Where to go afterwards; honoured only when it is a same-site relative path. */
  redirectTo: z.string().max(500).optional(),
});

export const adminSignInBodySchema = z.object({
  email: requiredText(
    "Please enter a valid email address",
    320,
    "Please enter a valid email address",
    "Email",
  ),
  password: z
    .string({ error: "Password is required" })
    .min(1, { error: "Password is required" })
    .max(1000, { error: "Password is too long" }),
});
export type AdminSignInBody = z.infer<typeof adminSignInBodySchema>;

export type SuccessAnswer = { success: boolean; message: string };
export type MagicLinkAnswer = SuccessAnswer & { requiresWait: number };

/** The client's e-mail shape check (the server's rules in email-address.ts are stricter). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const SAME_SITE = "http://same.site";

/**
 * The same-site path a redirect may go to, or null. The target is normalised the way a browser
 * will (dot segments, repeated slashes) before it is judged, so `/.//evil` cannot become the
 * protocol-relative `//evil`; backslashes, control characters and encoded leading slashes are
 * refused outright.
 */
export function safeRedirectPath(target: unknown): string | null {
  if (typeof target !== "string" || !target.startsWith("/")) return null;
  if (target.includes("\\") || [...target].some(isControlCharacter)) return null;
  let url: URL;
  try {
    url = new URL(target, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (!path.startsWith("/") || path.startsWith("//") || /^\/+(%2f|%5c)/i.test(path)) return null;
  return new URL(path, SAME_SITE).origin === SAME_SITE ? path : null;
}

function isControlCharacter(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

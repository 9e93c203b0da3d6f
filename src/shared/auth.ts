import { z } from "zod";
import { requiredText } from "./required-text";

/** API contract of sign-in. */

export const CODE_LENGTH = 6;

const emailField = requiredText(
  "Please enter your email address",
  320,
  "Please enter a valid email address",
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

/** The same-site path a redirect may go to, or null (absolute, protocol-relative, backslash…). */
export function safeRedirectPath(target: unknown): string | null {
  if (typeof target !== "string") return null;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  if (
    target.includes("\\") ||
    [...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  ) {
    return null;
  }
  try {
    const url = new URL(target, "http://same.site");
    if (url.origin !== "http://same.site") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

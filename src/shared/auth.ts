import { z } from "zod";
import { authMethods, employeeStatuses, matchingPreferences, participationStatuses } from "./enums";
import { requiredText } from "./required-text";
import { emailField } from "./sign-in-email";

/** API contract of sign-in. */

export { EMAIL_SHAPE, type SignInEmail } from "./sign-in-email";

export const CODE_LENGTH = 6;

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

/**
 * Whether a magic link can still sign in, asked by the arrival page before it uses the link
 * (docs/sign-in.md): `reason` is the error the page shows when it cannot.
 */
export const magicLinkCheckSchema = z.object({
  usable: z.boolean(),
  reason: z.enum(["invalid_link", "invalid_email"]).nullable(),
});
export type MagicLinkCheck = z.infer<typeof magicLinkCheckSchema>;

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

export const successAnswerSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessAnswer = z.infer<typeof successAnswerSchema>;
export const magicLinkAnswerSchema = successAnswerSchema.extend({ requiresWait: z.number() });
export type MagicLinkAnswer = z.infer<typeof magicLinkAnswerSchema>;

/**
 * The signed-in user as every answer shows it: explicit fields, never hashes or lock counters.
 * `isAdmin` means admin rights in this session; `adminPasswordRequired` tells the admin guard
 * page that this admin account signed in with a code or link and must use its password.
 */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    department: z.string().nullable(),
    matchingPreference: z.enum(matchingPreferences),
    /** 2 (one-to-one), 3 or 4: how many people the person would like to meet at once. */
    preferredGroupSize: z.number().int(),
    bio: z.string().nullable(),
    isActive: z.boolean(),
    isAdmin: z.boolean(),
    adminPasswordRequired: z.boolean(),
    participationStatus: z.enum(participationStatuses),
    /** `YYYY-MM-DD` */
    pauseStartDate: z.string().nullable(),
    /** `YYYY-MM-DD` */
    pauseEndDate: z.string().nullable(),
    pauseReason: z.string().nullable(),
    employeeStatus: z.enum(employeeStatuses),
    isEmailVerified: z.boolean(),
    isValidated: z.boolean(),
    needsProfileSetup: z.boolean(),
    authMethod: z.enum(authMethods),
    createdAt: z.string(),
  })
  .meta({ id: "SessionUser" });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Every sign-in's answer: a session cookie, the user, and where the page goes next. */
export const signedInSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  redirectTo: z.string().optional(),
  user: sessionUserSchema,
});
export type SignedIn = z.infer<typeof signedInSchema>;

/**
 * GET /api/auth/session: who is signed in, for every page: the user as GET /api/auth/user answers
 * it, or null for a visitor (200, so an anonymous page logs no error).
 */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema.nullable() });

/** GET /api/auth/status: answers for anyone, signed in or not. */
export const authStatusSchema = z.object({
  authenticated: z.boolean(),
  user: sessionUserSchema.nullable(),
});

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

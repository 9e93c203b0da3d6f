import { z } from "zod";
import { requiredText } from "./required-text";

/**
 * The sign-in forms' address on its own module, so the sign-in pages load it without the rest of
 * the sign-in contract (docs/performance.md, page budgets).
 */
export const emailField = requiredText(
  "Please enter your email address",
  320,
  "Please enter a valid email address",
  "Email",
);

/** The client's e-mail shape check (the server's rules in email-address.ts are stricter). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in forms' address (magic link, code): what the server reads, and also the shape of an
 * address, so a typo is caught before a request.
 */
export const signInEmailSchema = z.object({
  email: emailField.regex(EMAIL_SHAPE, { error: "Please enter a valid email address" }),
});
export type SignInEmail = z.infer<typeof signInEmailSchema>;

import { z } from "zod";
import { requiredText } from "./required-text";
import { EMAIL_SHAPE } from "./sign-in-email";

/** The shortest admin password the server accepts (the same rule as `npm run admin -- create`). */
export const SETUP_PASSWORD_MIN = 12;

/** POST /api/setup: the one-time setup address's token, and the first admin's sign-in. */
export const setupBodySchema = z.object({
  token: z
    .string({ error: "This setup link is incomplete. Open the address printed at start." })
    .min(1, { error: "This setup link is incomplete. Open the address printed at start." })
    .max(200, { error: "This setup link is not valid." }),
  email: requiredText(
    "Please enter your e-mail address",
    320,
    "Please enter a valid email address",
    "Email",
  ).regex(EMAIL_SHAPE, { error: "Please enter a valid email address" }),
  password: z
    .string({ error: "Please choose a password" })
    .min(SETUP_PASSWORD_MIN, {
      error: `The password must be at least ${SETUP_PASSWORD_MIN} characters.`,
    })
    .max(1000, { error: "Password is too long" }),
});
export type SetupBody = z.infer<typeof setupBodySchema>;

/** GET /api/setup: whether the install still waits for its first admin. */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

import { z } from "zod";
import { SETUP_PASSWORD_MIN } from "./setup";
import { EMAIL_SHAPE } from "./sign-in-email";

/** How long a set-password link works (docs/sign-in.md, "Set-password links"). */
export const PASSWORD_LINK_HOURS = 24;

/** One admin on the console's Admins card. */
export const adminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** False until the admin has chosen a password from their link. */
  hasPassword: z.boolean(),
  /** The admin reading the list. */
  isYou: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

const EMAIL_MESSAGE = "Please enter a valid email address";

/** POST /api/admin/admins: the address of the admin to add. */
export const addAdminSchema = z.object({
  email: z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(320, { error: EMAIL_MESSAGE })
    .regex(EMAIL_SHAPE, { error: EMAIL_MESSAGE }),
});
export type AddAdminInput = z.infer<typeof addAdminSchema>;

/** POST /api/auth/admin-forgot-password: the address to send a set-password link to. */
export const forgotPasswordSchema = addAdminSchema;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The one answer to "Forgot your password?", whether or not the address is an admin's. */
export const forgotPasswordAnswer = `If that address belongs to an admin, a link to choose a new password is on its way. It works once, within ${PASSWORD_LINK_HOURS} hours; your current password keeps working until then.`;

const LINK_INCOMPLETE =
  "This set-password link is incomplete. Open the whole link from the e-mail.";

/** POST /api/auth/set-password: the link's token and the new password. */
export const setPasswordSchema = z.object({
  token: z
    .string({ error: LINK_INCOMPLETE })
    .min(1, { error: LINK_INCOMPLETE })
    .max(200, { error: "This set-password link is not valid." }),
  password: z
    .string({ error: "Please choose a password" })
    .min(SETUP_PASSWORD_MIN, {
      error: `The password must be at least ${SETUP_PASSWORD_MIN} characters.`,
    })
    .max(1000, { error: "Password is too long" }),
});
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

import type { Db } from "../db/client";
import { BadRequest, Forbidden } from "../errors";
import { normalizeEmail } from "./email-address";
import { isEmailAllowed } from "./whitelist-lookup";

export const NOT_AUTHORIZED_MESSAGE =
  "This email address is not authorized. Please contact your administrator.";

/** The normalised address when it is well formed and whitelisted; otherwise an `invalid_email` error. */
export async function requireAllowedEmail(db: Db, raw: string): Promise<string> {
  const email = normalizeEmail(raw);
  if (!email) throw new BadRequest("Please enter a valid email address", "invalid_email");
  if (!(await isEmailAllowed(db, email)))
    throw new Forbidden(NOT_AUTHORIZED_MESSAGE, "invalid_email");
  return email;
}

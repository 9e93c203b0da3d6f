import { eq, sql } from "drizzle-orm";
import type { SetupBody } from "../../../shared/setup";
import type { AppContext } from "../../context";
import { settings, type UserRow, users } from "../../db/schema";
import { Conflict, HttpError } from "../../errors";
import { hashesEqual } from "../auth-secret";
import { normalizeEmail } from "../email-address";
import { hashPassword } from "../password";
import { hashSecret } from "../session-store";
import { hasAdmin, SETUP_TOKEN_KEY, storedSetupTokens } from "./setup-token";

const ALREADY_DONE =
  "This install already has an admin. Sign in at /admin-login, or ask the operator to run `npm run admin -- create`.";
const BAD_TOKEN =
  "This setup link is not valid or has expired. Restart the server to print a new one.";

/**
 * Creates the first admin from the one-time setup token, then removes the token. The check and
 * the insert run in one transaction that locks the token's row, so two submissions of one token
 * create one admin.
 */
export async function completeSetup(ctx: AppContext, body: SetupBody): Promise<UserRow> {
  const email = normalizeEmail(body.email) ?? body.email.trim().toLowerCase();
  const passwordHash = await hashPassword(body.password);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SETUP_TOKEN_KEY))
      .for("update");
    if (await hasAdmin(tx)) throw new Conflict(ALREADY_DONE, "setup_done");
    const offered = hashSecret(body.token);
    // Every token is compared, so the answer takes as long whichever one matched.
    const matches = storedSetupTokens(row?.value).map(
      (stored) =>
        hashesEqual(stored.hash, offered) && new Date(stored.expiresAt).getTime() > now.getTime(),
    );
    const valid = matches.includes(true);
    if (!valid) throw new HttpError(403, BAD_TOKEN, "setup_token_invalid");
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    const fields = { isAdmin: true, passwordHash, authMethod: "password" as const };
    const [admin] = existing
      ? await tx
          .update(users)
          .set({ ...fields, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            ...fields,
            email,
            isEmailVerified: true,
            isValidated: true,
            validatedAt: now,
          })
          .returning();
    await tx.delete(settings).where(eq(settings.key, SETUP_TOKEN_KEY));
    return admin;
  });
}

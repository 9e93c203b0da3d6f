import { and, eq } from "drizzle-orm";
import type { SetPasswordInput } from "../../../shared/admin-accounts";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { passwordResetTokens, sessions, users } from "../../db/schema";
import { HttpError } from "../../errors";
import { hashPassword } from "../password";
import { accountKey, clearThrottles } from "../password-throttle";
import { passwordLinkHash } from "./password-link";

const NOT_VALID =
  'This set-password link is not valid, has expired or was used already. Ask for a new one with "Forgot your password?" on the admin sign-in, or ask another admin to send you one.';

/**
 * Sets an admin's password from their set-password link: only the page's POST does this, never
 * the link's GET (mail scanners open links). The link is single use and ends every other link of
 * the address; the admin's sessions end (someone may have known the old password). The check and
 * the change run in one transaction that locks the link's row, so a link sets a password once.
 */
export async function setPasswordFromLink(
  ctx: AppContext,
  input: SetPasswordInput,
): Promise<{ message: string }> {
  const tokenHash = await passwordLinkHash(ctx, input.token);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const email = await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .for("update");
    if (!link || link.isUsed || link.expiresAt <= now) {
      throw new HttpError(403, NOT_VALID, "password_link_invalid");
    }
    const [admin] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, link.email), eq(users.isAdmin, true), eq(users.isActive, true)))
      .for("update");
    if (!admin) throw new HttpError(403, NOT_VALID, "password_link_invalid");
    await tx
      .update(passwordResetTokens)
      .set({ isUsed: true })
      .where(eq(passwordResetTokens.email, link.email));
    await tx
      .update(users)
      .set({ passwordHash, isEmailVerified: true, updatedAt: now })
      .where(eq(users.id, admin.id));
    await tx.delete(sessions).where(eq(sessions.userId, admin.id));
    await recordActivity(
      ctx,
      {
        kind: "admin.password-set",
        userId: admin.id,
        detail: peopleLine`${namedPerson(admin)} chose a new admin password from their set-password link.`,
      },
      tx,
    );
    return admin.email;
  });
  await clearThrottles(ctx.db, [accountKey(email)]);
  return { message: "Your password is set. Sign in with it as admin." };
}

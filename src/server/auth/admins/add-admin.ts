import { eq } from "drizzle-orm";
import type { AddAdminInput } from "../../../shared/admin-accounts";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { Conflict } from "../../errors";
import type { SignedInUser } from "../session-store";
import { newPasswordLink, queuePasswordLink } from "./password-link";

/**
 * Makes `input.email` an admin and e-mails them a set-password link (docs/admin-console.md,
 * "Admins"): a new account when nobody has the address, else the person's own account gains
 * admin rights (their employee sign-in is unchanged). An admin who has a password already is
 * refused (send them a new link instead); one still without a password gets a new link.
 * Concurrency: the account row is locked, so two adds of one address make one account.
 */
export async function addAdmin(
  ctx: AppContext,
  by: SignedInUser,
  input: AddAdminInput,
): Promise<{ message: string }> {
  const now = ctx.clock.now();
  const link = await newPasswordLink(ctx);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(users.email, input.email))
      .for("update");
    if (existing?.isAdmin && existing.passwordHash !== null) {
      throw new Conflict(
        `${input.email} is already an admin. Use "Send password link" if they need a new password.`,
        "already_admin",
      );
    }
    if (existing && (!existing.isActive || existing.erasedAt)) {
      throw new Conflict(
        `${input.email} belongs to a deactivated account. Reactivate it in User Management first.`,
        "deactivated",
      );
    }
    const [admin] = existing
      ? await tx
          .update(users)
          .set({ isAdmin: true, updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            email: input.email,
            isAdmin: true,
            authMethod: "password",
            isEmailVerified: true,
            isValidated: true,
            validatedAt: now,
            needsProfileSetup: false,
          })
          .returning();
    await queuePasswordLink(ctx, tx, input.email, "invite", link);
    await recordActivity(
      ctx,
      {
        kind: "admin.added",
        userId: admin.id,
        detail: peopleLine`${namedPerson(by)} added ${namedPerson(admin)} as an admin; a set-password link was e-mailed.`,
        data: { by: by.id },
      },
      tx,
    );
    return {
      message: `${input.email} is now an admin. A set-password link is on its way to them.`,
    };
  });
}

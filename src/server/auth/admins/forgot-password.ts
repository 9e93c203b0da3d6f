import { and, eq, sql } from "drizzle-orm";
import type { ForgotPasswordInput } from "../../../shared/admin-accounts";
import { forgotPasswordAnswer } from "../../../shared/admin-accounts";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { TooManyRequests } from "../../errors";
import { newPasswordLink, queuePasswordLink } from "./password-link";

/**
 * "Forgot your password?" on the admin sign-in (docs/sign-in.md, "Set-password links"): e-mails an
 * active admin a set-password link, the same link another admin can send. The answer is the same
 * whether or not the address is an admin's, and whether or not a link went out a moment ago (the
 * address's five-minute rule in password-link.ts), so the form tells nobody who is an admin. Their
 * current password keeps working until the link is used. The route limits requests per address
 * of the requester as well.
 */
export async function forgotAdminPassword(
  ctx: AppContext,
  input: ForgotPasswordInput,
): Promise<{ message: string }> {
  // Made whether or not an admin has the address, so both answers cost about the same.
  const link = await newPasswordLink(ctx);
  await ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, input.email),
          eq(users.isAdmin, true),
          eq(users.isActive, true),
          sql`${users.erasedAt} is null`,
        ),
      )
      .for("update");
    if (!admin) return;
    const purpose = admin.passwordHash === null ? "invite" : "reset";
    try {
      await queuePasswordLink(ctx, tx, admin.email, purpose, link);
    } catch (error) {
      // A link went to the address a moment ago: it is on its way; say nothing different.
      if (error instanceof TooManyRequests) return;
      throw error;
    }
    await recordActivity(
      ctx,
      {
        kind: "admin.password-link-sent",
        userId: admin.id,
        detail: peopleLine`${namedPerson(admin)} asked for a set-password link from the admin sign-in ("Forgot your password?").`,
      },
      tx,
    );
  });
  return { message: forgotPasswordAnswer };
}

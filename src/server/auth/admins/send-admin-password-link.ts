import { and, eq } from "drizzle-orm";
import { recordActivity } from "../../activity/activity";
import { namedPerson, peopleLine } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { isUuid } from "../../db/uuid";
import { NotFound } from "../../errors";
import type { SignedInUser } from "../session-store";
import { newPasswordLink, queuePasswordLink } from "./password-link";

const GONE = "That admin no longer exists.";

/**
 * E-mails an admin a new set-password link, from another admin's console (docs/admin-console.md,
 * "Admins"). Their current password keeps working until the link is used, so nobody can lock an
 * admin out by asking for it.
 */
export async function sendAdminPasswordLink(
  ctx: AppContext,
  by: SignedInUser,
  adminId: string,
): Promise<{ message: string }> {
  const link = await newPasswordLink(ctx);
  if (!isUuid(adminId)) throw new NotFound(GONE);
  return ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, adminId), eq(users.isAdmin, true)))
      .for("update");
    if (!admin) throw new NotFound(GONE);
    const purpose = admin.passwordHash === null ? "invite" : "reset";
    await queuePasswordLink(ctx, tx, admin.email, purpose, link);
    await recordActivity(
      ctx,
      {
        kind: "admin.password-link-sent",
        userId: admin.id,
        detail: peopleLine`${namedPerson(by)} sent ${namedPerson(admin)} a set-password link.`,
        data: { by: by.id },
      },
      tx,
    );
    return { message: `A set-password link is on its way to ${admin.email}.` };
  });
}

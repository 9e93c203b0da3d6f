import { and, eq } from "drizzle-orm";
import { type AccountChangeResponse, USER_NOT_FOUND } from "../../../shared/admin-users";
import { personName } from "../../../shared/person-name";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { checkUserId } from "./user-id";

/**
 * An admin reactivates a deactivated account: the person can sign in again and is paired from the
 * next generation on (or re-paired now by an admin). One conditional UPDATE, so two admins doing
 * it at once get one success and one "already active".
 */
export async function reactivateUser(ctx: AppContext, id: string): Promise<AccountChangeResponse> {
  checkUserId(id);
  const [updated] = await ctx.db
    .update(users)
    .set({ isActive: true, updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, id), eq(users.isActive, false)))
    .returning();
  if (!updated) {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new NotFound(USER_NOT_FOUND);
    throw new Conflict(`${personName(user)} is already active.`, "already_active");
  }
  return {
    message: `${personName(updated)} is active again and can sign in.`,
    user: { id, isActive: true },
    leftAlone: [],
  };
}

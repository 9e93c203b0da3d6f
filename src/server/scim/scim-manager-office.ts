import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { officeOnList, officesOfEmail } from "../directory/offices/office-lists";
import { isUuid } from "./scim-user-rows";

/**
 * The enterprise extension's `manager` (docs/provisioning.md): the manager's SCIM id, looked up
 * among the provider's people. An id not (yet) provisioned leaves no manager; the provider's next
 * sync of the person sets it once the manager exists.
 */
export async function setScimManager(
  ctx: Pick<AppContext, "db">,
  userId: string,
  managerScimId: string | null,
): Promise<void> {
  let managerId: string | null = null;
  if (managerScimId !== null && isUuid(managerScimId)) {
    const [manager] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.scimId, managerScimId), isNull(users.erasedAt)));
    managerId = manager && manager.id !== userId ? manager.id : null;
  }
  await ctx.db.update(users).set({ managerId }).where(eq(users.id, userId));
}

/**
 * The work address's locality as the person's office, spelled as their office list spells it
 * (directory/offices/office-lists.ts); a locality not on a kept list changes nothing.
 */
export async function setScimOffice(
  ctx: Pick<AppContext, "db">,
  user: { id: string; email: string },
  locality: string | null,
): Promise<void> {
  if (locality === null) return;
  const office = officeOnList(await officesOfEmail(ctx.db, user.email), locality);
  if (office) await ctx.db.update(users).set({ office }).where(eq(users.id, user.id));
}

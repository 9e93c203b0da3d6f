import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails, domainGroups } from "../../db/schema";
import { NotFound } from "../../errors";

/** Deletes a group; its whitelist entries stay, unassigned (its departments go with it). */
export async function deleteDomainGroup(ctx: AppContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    await tx
      .update(allowedEmails)
      .set({ domainGroupId: null, updatedAt: ctx.clock.now() })
      .where(eq(allowedEmails.domainGroupId, id));
    const [deleted] = await tx
      .delete(domainGroups)
      .where(eq(domainGroups.id, id))
      .returning({ displayName: domainGroups.displayName });
    if (!deleted) throw new NotFound("That domain group no longer exists.");
    return { success: true, message: `Domain group "${deleted.displayName}" was deleted.` };
  });
}

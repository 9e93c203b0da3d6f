import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails } from "../../db/schema";
import { NotFound } from "../../errors";
import { findGroupOrNull } from "./find-group";
import { presentAllowedEmail } from "./present";

/** Assigns an entry to a group, or unassigns it with null. */
export async function updateAllowedEmailGroup(
  ctx: AppContext,
  id: number,
  domainGroupId: number | null,
) {
  const group = await findGroupOrNull(ctx.db, domainGroupId);
  const [entry] = await ctx.db
    .update(allowedEmails)
    .set({ domainGroupId: group?.id ?? null, updatedAt: ctx.clock.now() })
    .where(eq(allowedEmails.id, id))
    .returning();
  if (!entry) throw new NotFound("That whitelist entry no longer exists.");
  return presentAllowedEmail(entry, group);
}

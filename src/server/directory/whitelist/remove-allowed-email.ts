import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails } from "../../db/schema";
import { NotFound } from "../../errors";

/** Removes an entry; sign-ins and links for it stop working at once (they are re-checked on use). */
export async function removeAllowedEmail(ctx: AppContext, id: number) {
  const [entry] = await ctx.db
    .delete(allowedEmails)
    .where(eq(allowedEmails.id, id))
    .returning({ email: allowedEmails.email });
  if (!entry) throw new NotFound("That whitelist entry no longer exists.");
  return { success: true, message: `${entry.email} was removed from the whitelist.` };
}

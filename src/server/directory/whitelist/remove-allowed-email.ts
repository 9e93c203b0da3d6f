import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails } from "../../db/schema";
import { NotFound } from "../../errors";
import { describeAccessLost, findAccessLost } from "./access-lost";

/**
 * Removes an entry; sign-ins, links and the sessions of the people it admitted stop working at
 * once (the whitelist is checked on every request). The answer says who lost access.
 */
export async function removeAllowedEmail(ctx: AppContext, id: number) {
  const [entry] = await ctx.db
    .delete(allowedEmails)
    .where(eq(allowedEmails.id, id))
    .returning({ email: allowedEmails.email });
  if (!entry) throw new NotFound("That whitelist entry no longer exists.");
  const accessLost = await findAccessLost(ctx.db, entry.email);
  return { success: true, message: describeAccessLost(entry.email, accessLost), accessLost };
}

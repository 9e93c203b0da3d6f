import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { allowedEmails } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { describeAccessLost, findAccessLost } from "./access-lost";

/**
 * Removes an entry; sign-ins, links and the sessions of the people it admitted stop working at
 * once (the whitelist is checked on every request). The answer says who lost access. An entry of
 * a person provisioned by SCIM is the identity provider's (docs/provisioning.md): refused.
 */
export async function removeAllowedEmail(ctx: AppContext, id: number) {
  const [entry] = await ctx.db
    .delete(allowedEmails)
    .where(and(eq(allowedEmails.id, id), eq(allowedEmails.scimManaged, false)))
    .returning({ email: allowedEmails.email });
  if (!entry) {
    const [managed] = await ctx.db
      .select({ email: allowedEmails.email })
      .from(allowedEmails)
      .where(eq(allowedEmails.id, id));
    if (managed) {
      throw new Conflict(
        `${managed.email} was provisioned by your identity provider: remove the person there.`,
        "scim_managed",
      );
    }
    throw new NotFound("That whitelist entry no longer exists.");
  }
  const accessLost = await findAccessLost(ctx.db, entry.email);
  return { success: true, message: describeAccessLost(entry.email, accessLost), accessLost };
}

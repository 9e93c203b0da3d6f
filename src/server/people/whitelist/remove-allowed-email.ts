import { and, eq, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { allowedEmails, users } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { type ChangeNotice, queueChangeNotices } from "../../pairings/current/change-notices";
import { leaveRunningPairings } from "../../pairings/current/leave-running-pairings";
import { lockRunningPairings } from "../../pairings/locks/pairing-locks";
import { describeAccessLost, findAccessLost, namedByEntrySql } from "./access-lost";

/**
 * Removes an entry; sign-ins, links and the sessions of the people it admitted stop working at
 * once (the whitelist is checked on every request), and those people leave every running match
 * as a deactivated person does (pairings/current/leave-running-pairings.ts), under the same locks:
 * every running pairing first, then the change. The answer says who lost access. An entry of a
 * person provisioned by SCIM is the identity provider's (docs/provisioning.md): refused.
 */
export async function removeAllowedEmail(ctx: AppContext, id: number) {
  const { entry, notices } = await ctx.db.transaction(async (tx) => {
    await lockRunningPairings(tx);
    const [entry] = await tx
      .delete(allowedEmails)
      .where(and(eq(allowedEmails.id, id), eq(allowedEmails.scimManaged, false)))
      .returning({ email: allowedEmails.email });
    if (!entry) await refuseMissing(tx, id);
    const lost = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${namedByEntrySql(entry.email)} and ${whitelistEntrySql(users.email, "id")} is null`,
      );
    const notices: ChangeNotice[] = [];
    for (const person of lost) {
      notices.push(
        ...(await leaveRunningPairings(ctx, tx, person.id, "was removed from the whitelist")),
      );
    }
    await queueChangeNotices(ctx, tx, notices);
    return { entry, notices };
  });
  // The people it admitted are out of every running match now; what the admin still has to do is
  // re-pair the partners left waiting for a partner (docs/pairings.md, "Waiting for a partner").
  const waiting = notices.filter((n) => n.kind === "left-alone").length;
  const accessLost = { ...(await findAccessLost(ctx.db, entry.email)), inActiveMatch: waiting };
  return { success: true, message: describeAccessLost(entry.email, accessLost), accessLost };
}

async function refuseMissing(tx: Tx, id: number): Promise<never> {
  const [managed] = await tx
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

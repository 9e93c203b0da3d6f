import { and, eq } from "drizzle-orm";
import { emailDomain } from "../auth/email-address";
import { findWhitelistEntry } from "../auth/whitelist-lookup";
import type { Tx } from "../db/client";
import { allowedEmails } from "../db/schema";

/**
 * A provisioned person is on the whitelist by an entry of their own, marked `scim_managed`
 * (docs/decisions/0030-scim-provisioned-whitelist-entries.md), in the group of their domain's
 * `*@domain` entry if there is one. An entry the admin had typed for the address is taken over.
 */
export async function provisionWhitelistEntry(tx: Tx, email: string, now: Date): Promise<void> {
  const domain = emailDomain(email);
  const domainEntry = await findWhitelistEntry(tx, `*@${domain}`);
  await tx
    .insert(allowedEmails)
    .values({
      email,
      domain,
      domainGroupId: domainEntry?.domainGroupId ?? null,
      reason: "Provisioned by SCIM",
      scimManaged: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: allowedEmails.email,
      set: { isActive: true, scimManaged: true, updatedAt: now },
    });
}

/** The person's SCIM entry goes (their address changed, or the provider deleted them). */
export async function removeWhitelistEntry(tx: Tx, email: string): Promise<void> {
  await tx
    .delete(allowedEmails)
    .where(and(eq(allowedEmails.email, email), eq(allowedEmails.scimManaged, true)));
}

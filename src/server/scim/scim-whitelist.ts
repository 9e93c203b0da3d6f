import { and, eq, sql } from "drizzle-orm";
import { emailDomain } from "../auth/email-address";
import type { Tx } from "../db/client";
import { allowedEmails } from "../db/schema";
import { groupByItsDomain, readDomainGroups } from "../people/whitelist/domain-group";

/**
 * A provisioned person is on the whitelist by an entry of their own, marked `scim_managed`
 * (docs/decisions/0030-scim-provisioned-whitelist-entries.md), in the group of their domain's
 * `*@domain` entry if there is one: being exact, their entry decides their group, so it must
 * carry the domain's. An entry the admin had typed for the address is taken over (its group
 * kept, or the domain's when it had none).
 */
export async function provisionWhitelistEntry(tx: Tx, email: string, now: Date): Promise<void> {
  const domain = emailDomain(email);
  const domainGroupId = groupByItsDomain(
    { kind: "address", email, domain },
    await readDomainGroups(tx, [domain]),
  );
  await tx
    .insert(allowedEmails)
    .values({
      email,
      domain,
      domainGroupId,
      reason: "Provisioned by SCIM",
      scimManaged: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: allowedEmails.email,
      set: {
        isActive: true,
        scimManaged: true,
        domainGroupId: sql`coalesce(${allowedEmails.domainGroupId}, excluded.domain_group_id)`,
        updatedAt: now,
      },
    });
}

/** The person's SCIM entry goes (their address changed, or the provider deleted them). */
export async function removeWhitelistEntry(tx: Tx, email: string): Promise<void> {
  await tx
    .delete(allowedEmails)
    .where(and(eq(allowedEmails.email, email), eq(allowedEmails.scimManaged, true)));
}

import { and, eq, inArray } from "drizzle-orm";
import type { WhitelistPattern } from "../../auth/email-address";
import type { Db, Tx } from "../../db/client";
import { allowedEmails } from "../../db/schema";

/** Each domain's active `*@domain` entry's group (null: the entry is in no group). */
export type DomainGroups = ReadonlyMap<string, number | null>;

const CHUNK = 1000;

/**
 * The group a new entry takes when nobody chose one (docs/admin-console.md, "Adding the company
 * at once"): an address takes the group of its domain's `*@domain` entry, the group it had before
 * it had an entry of its own (auth/whitelist-lookup.ts), so adding it never moves its person out of
 * their group; a `*@domain` entry takes none. Adding one address, importing many and SCIM
 * provisioning all decide by this.
 */
export function groupByItsDomain(pattern: WhitelistPattern, domains: DomainGroups): number | null {
  if (pattern.kind === "domain") return null;
  return domains.get(pattern.domain) ?? null;
}

/** The groups of the given domains' active `*@domain` entries; a domain with none is absent. */
export async function readDomainGroups(
  db: Db | Tx,
  domains: Iterable<string>,
): Promise<DomainGroups> {
  const patterns = [...new Set(domains)].map((domain) => `*@${domain}`);
  const groups = new Map<string, number | null>();
  for (let i = 0; i < patterns.length; i += CHUNK) {
    const rows = await db
      .select({ email: allowedEmails.email, domainGroupId: allowedEmails.domainGroupId })
      .from(allowedEmails)
      .where(
        and(
          eq(allowedEmails.isActive, true),
          inArray(allowedEmails.email, patterns.slice(i, i + CHUNK)),
        ),
      );
    for (const row of rows) groups.set(row.email.slice(2), row.domainGroupId);
  }
  return groups;
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { allowedEmails, users } from "../../db/schema";

/*
 * Each person's deciding whitelist entry as two left joins, for queries over many people: the
 * active entry for the exact address, else the active `*@domain` entry (the rule of
 * src/server/auth/whitelist-lookup.ts). The correlated sub-select `whitelistEntrySql` is
 * right for one person; over 10,000 it ran once per person and condition (docs/performance.md).
 * Addresses in allowed_emails are unique, so each join adds at most one row. A person's address
 * is stored lowercased (a check on users, decision 0012), so the joins compare it as it is:
 * lower() per person was over a third of the validation's time at 100,000 (docs/performance.md).
 */
const exact = alias(allowedEmails, "wl_exact");
const domain = alias(allowedEmails, "wl_domain");

export function joinWhitelistEntry<T extends PgSelect>(query: T) {
  return query
    .leftJoin(exact, and(eq(exact.isActive, true), eq(exact.email, users.email)))
    .leftJoin(
      domain,
      and(
        eq(domain.isActive, true),
        eq(domain.email, sql`'*@' || split_part(${users.email}, '@', 2)`),
      ),
    );
}

/** The deciding entry's id (null: not on the whitelist); only with joinWhitelistEntry. */
export const whitelistEntryId: SQL = sql`coalesce(${exact.id}, ${domain.id})`;

/** The deciding entry's domain group (the exact address's entry wins, even without a group). */
export const whitelistEntryGroup: SQL = sql`(case when ${exact.id} is not null then ${exact.domainGroupId} else ${domain.domainGroupId} end)`;

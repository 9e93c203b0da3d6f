import { and, eq, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import { allowedEmails, users } from "../../db/schema";

/*
 * Each person's deciding whitelist entry as two left joins, for queries over many people: the
 * active entry for the exact address, else the active `*@domain` entry (the rule of
 * src/server/auth/whitelist-lookup.ts). The correlated sub-select `whitelistEntrySql` is
 * right for one person; over 10,000 it ran once per person and condition (docs/performance.md).
 * Addresses in allowed_emails are unique, so each join adds at most one row.
 */
const exact = alias(allowedEmails, "wl_exact");
const domain = alias(allowedEmails, "wl_domain");

export function joinWhitelistEntry<T extends PgSelect>(query: T) {
  return query
    .leftJoin(exact, and(eq(exact.isActive, true), eq(exact.email, sql`lower(${users.email})`)))
    .leftJoin(
      domain,
      and(
        eq(domain.isActive, true),
        // The domain lowered alone: the same text as split_part(lower(email), '@', 2), a third
        // cheaper over 100,000 people (docs/performance.md, "100,000 employees").
        eq(domain.email, sql`'*@' || lower(split_part(${users.email}, '@', 2))`),
      ),
    );
}

/** The deciding entry's id (null: not on the whitelist); only with joinWhitelistEntry. */
export const whitelistEntryId: SQL = sql`coalesce(${exact.id}, ${domain.id})`;

/** The deciding entry's domain group (the exact address's entry wins, even without a group). */
export const whitelistEntryGroup: SQL = sql`(case when ${exact.id} is not null then ${exact.domainGroupId} else ${domain.domainGroupId} end)`;

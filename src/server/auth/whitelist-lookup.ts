import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { allowedEmails } from "../db/schema";
import { emailDomain, normalizeEmail } from "./email-address";

/**
 * Whitelist semantics (other features mirror these in SQL when computing group membership):
 * - only entries with is_active = true count;
 * - `allowed_emails.email` holds either a normalised address or `*@<domain>`;
 * - an address matches an entry whose email equals it exactly, or the entry `*@<its domain>`
 *   where <its domain> is everything after the address's `@`, compared exactly (so
 *   `x@acme.test.evil.test` and `x@evilacme.test` do not match `*@acme.test`, and
 *   `x@sub.acme.test` does not either);
 * - when both exist, the specific address wins (its group is the address's group);
 * - no matching entry (including an empty whitelist) means the address may not sign in.
 * SQL equivalent for an e-mail expression `e` (see whitelistEntrySql below):
 *   select a.id, a.domain_group_id from allowed_emails a
 *   where a.is_active and a.email in (lower(e), '*@' || split_part(lower(e), '@', 2))
 *   order by (a.email = lower(e)) desc limit 1
 *   -- no row: not on the whitelist; a row: its domain_group_id is the e-mail's group (may be null).
 */
export async function findWhitelistEntry(
  db: Db | Tx,
  rawEmail: string,
): Promise<{ id: number; domainGroupId: number | null } | null> {
  const email = normalizeEmail(rawEmail);
  if (!email) return null;
  const domainPattern = `*@${emailDomain(email)}`;
  const rows = await db
    .select({
      id: allowedEmails.id,
      email: allowedEmails.email,
      domainGroupId: allowedEmails.domainGroupId,
    })
    .from(allowedEmails)
    .where(
      and(eq(allowedEmails.isActive, true), inArray(allowedEmails.email, [email, domainPattern])),
    );
  const specific = rows.find((row) => row.email === email);
  const chosen = specific ?? rows.find((row) => row.email === domainPattern);
  return chosen ? { id: chosen.id, domainGroupId: chosen.domainGroupId } : null;
}

export async function isEmailAllowed(db: Db, email: string): Promise<boolean> {
  return (await findWhitelistEntry(db, email)) !== null;
}

/**
 * SQL sub-select of the deciding whitelist entry's column for an e-mail expression (e.g.
 * `users.email`); use "id" to test membership (`... is not null`) or "domain_group_id" for the group.
 */
export function whitelistEntrySql(
  emailExpression: SQLWrapper,
  column: "id" | "domain_group_id",
): SQL {
  return sql`(select a.${sql.raw(column)} from allowed_emails a
    where a.is_active and a.email in (lower(${emailExpression}), '*@' || split_part(lower(${emailExpression}), '@', 2))
    order by (a.email = lower(${emailExpression})) desc limit 1)`;
}

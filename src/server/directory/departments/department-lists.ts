import { and, eq, isNull } from "drizzle-orm";
import { type Department, sortDepartments } from "../../../shared/departments";
import { emailDomain } from "../../auth/email-address";
import { findWhitelistEntry } from "../../auth/whitelist-lookup";
import type { Db } from "../../db/client";
import { departments } from "../../db/schema";
import { Forbidden } from "../../errors";

/** A group's active departments, or the company-wide list for null; sorted, Other last. */
export async function departmentsOfGroup(db: Db, groupId: number | null): Promise<Department[]> {
  const rows = await db
    .select({ id: departments.id, name: departments.name, displayName: departments.displayName })
    .from(departments)
    .where(
      and(
        groupId === null
          ? isNull(departments.domainGroupId)
          : eq(departments.domainGroupId, groupId),
        eq(departments.isActive, true),
      ),
    );
  return sortDepartments(rows);
}

/** The group the whitelist gives an address (a specific entry beats `*@domain`); null for none. */
export async function groupOfEmail(db: Db, email: string): Promise<number | null> {
  return (await findWhitelistEntry(db, email))?.domainGroupId ?? null;
}

/** The department choices of one person: their group's list, else the company-wide list. */
export async function departmentsOfEmail(db: Db, email: string): Promise<Department[]> {
  return departmentsOfGroup(db, await groupOfEmail(db, email));
}

/** The list of the group that the whitelist's `*@domain` entry gives, else the company-wide list. */
export async function departmentsOfDomain(db: Db, domain: string): Promise<Department[]> {
  const entry = await findWhitelistEntry(db, `*@${domain}`);
  return departmentsOfGroup(db, entry?.domainGroupId ?? null);
}

/**
 * The choices behind GET /api/departments/domain/:emailDomain. For the asker's own domain this is
 * their own list (so a specific whitelist entry counts); only admins may look at other domains.
 */
export async function departmentsForDomainRequest(
  db: Db,
  asker: { email: string; isAdmin: boolean },
  domain: string,
): Promise<Department[]> {
  if (emailDomain(asker.email.toLowerCase()) === domain) return departmentsOfEmail(db, asker.email);
  if (!asker.isAdmin)
    throw new Forbidden("You can only see the departments of your own e-mail domain.");
  return departmentsOfDomain(db, domain);
}

import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type DomainGroupRow, domainGroups } from "../../db/schema";
import { NotFound } from "../../errors";

/** The domain group with this id, if there is one. */
export async function findGroup(db: Db | Tx, id: number): Promise<DomainGroupRow | undefined> {
  const [group] = await db.select().from(domainGroups).where(eq(domainGroups.id, id)).limit(1);
  return group;
}

/** The domain group named in the address, or 404: the one "find the group or 404" of the API. */
export async function requireGroup(db: Db | Tx, id: number): Promise<DomainGroupRow> {
  const group = await findGroup(db, id);
  if (!group) throw new NotFound("Domain group not found.");
  return group;
}

/**
 * Whether the company has any domain group: without one, a pairing is named by its month alone,
 * never "All Users" (src/shared/pairing-file-names.ts, `readablePairingName`).
 */
export async function companyHasGroups(db: Db | Tx): Promise<{ groups: boolean }> {
  const [group] = await db.select({ id: domainGroups.id }).from(domainGroups).limit(1);
  return { groups: group !== undefined };
}

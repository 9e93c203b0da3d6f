import type { Db, Tx } from "../../db/client";
import type { DomainGroupRow } from "../../db/schema";
import { findGroup } from "../../directory/groups/find-group";
import { Validation } from "../../errors";

/** The group for an id, or null for null; an unknown id is a validation error. */
export async function findGroupOrNull(
  db: Db | Tx,
  id: number | null | undefined,
): Promise<DomainGroupRow | null> {
  if (id === null || id === undefined) return null;
  const group = await findGroup(db, id);
  if (!group) throw new Validation("That domain group no longer exists.", "domainGroupId");
  return group;
}

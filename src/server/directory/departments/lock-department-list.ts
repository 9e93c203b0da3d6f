import { isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { departments } from "../../db/schema";

/** The condition selecting one department list: a group's, or the company-wide one for null. */
export function departmentListSql(groupId: number | null): SQL {
  return groupId === null
    ? isNull(departments.domainGroupId)
    : sql`${departments.domainGroupId} = ${groupId}`;
}

/**
 * Serialises changes to the names of one department list until the transaction ends, so two
 * admins adding or renaming at once cannot both take the same name or derived key.
 */
export async function lockDepartmentList(tx: Tx, groupId: number | null): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(727102, hashtext(${String(groupId ?? "all")}))`,
  );
}

/**
 * The name of another department of the list that already shows this name (compared ignoring
 * case), as it is written; null when none does.
 */
export async function displayNameTaken(
  tx: Tx,
  groupId: number | null,
  displayName: string,
  exceptId?: number,
): Promise<string | null> {
  const [clash] = await tx
    .select({ displayName: departments.displayName })
    .from(departments)
    .where(
      sql`${departmentListSql(groupId)} and lower(${departments.displayName}) = lower(${displayName})
        ${exceptId === undefined ? sql`` : sql`and ${departments.id} <> ${exceptId}`}`,
    );
  return clash?.displayName ?? null;
}

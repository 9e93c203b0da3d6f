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

/** Whether another department of the list already shows this name (case-insensitively). */
export async function displayNameTaken(
  tx: Tx,
  groupId: number | null,
  displayName: string,
  exceptId?: number,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      sql`${departmentListSql(groupId)} and lower(${departments.displayName}) = lower(${displayName})
        ${exceptId === undefined ? sql`` : sql`and ${departments.id} <> ${exceptId}`}`,
    );
  return Boolean(clash);
}

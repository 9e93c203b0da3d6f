import { eq, isNull, type SQL, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { Tx } from "../../db/client";
import { allowedEmails, type DepartmentRow, departments, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { lockDepartmentList } from "./lock-department-list";

/**
 * The people a department list belongs to: those whose whitelist entry names the group, or, for
 * the company-wide list (null), those whose entry names none (and admins on no entry at all).
 */
export function peopleOfListSql(groupId: number | null): SQL {
  const group = whitelistEntrySql(users.email, "domain_group_id");
  return groupId === null ? sql`${group} is null` : sql`${group} = ${groupId}`;
}

/** The whitelist entries of a list's people: their pre-filled department is one of its keys. */
export function entriesOfListSql(groupId: number | null): SQL {
  return groupId === null
    ? isNull(allowedEmails.domainGroupId)
    : eq(allowedEmails.domainGroupId, groupId);
}

const gone = "That department no longer exists.";

/**
 * The department `departmentId` locked for the rest of the transaction, after its list's
 * advisory lock (so renames, merges and removals of one list run one at a time); 404 when it is
 * gone, or, given `groupId`, when it belongs to another list.
 */
export async function lockDepartmentForChange(
  tx: Tx,
  departmentId: number,
  groupId?: number,
): Promise<DepartmentRow> {
  const [found] = await tx
    .select({ domainGroupId: departments.domainGroupId })
    .from(departments)
    .where(eq(departments.id, departmentId));
  const missing = groupId === undefined ? gone : "Department not found in this group.";
  if (!found || (groupId !== undefined && found.domainGroupId !== groupId)) {
    throw new NotFound(missing);
  }
  await lockDepartmentList(tx, found.domainGroupId);
  const [row] = await tx
    .select()
    .from(departments)
    .where(eq(departments.id, departmentId))
    .for("update");
  if (!row) throw new NotFound(missing);
  return row;
}

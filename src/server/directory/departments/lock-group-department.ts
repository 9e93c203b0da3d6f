import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type DepartmentRow, departments } from "../../db/schema";
import { NotFound } from "../../errors";

/** A group's department, locked for the rest of the transaction, or 404. */
export async function lockGroupDepartment(
  tx: Tx,
  groupId: number,
  departmentId: number,
): Promise<DepartmentRow> {
  const [department] = await tx
    .select()
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.domainGroupId, groupId)))
    .for("update");
  if (!department) throw new NotFound("Department not found in this group.");
  return department;
}

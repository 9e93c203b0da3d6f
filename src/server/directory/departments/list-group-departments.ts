import { and, count, eq } from "drizzle-orm";
import { type AdminDepartment, sortDepartments } from "../../../shared/departments";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { requireGroup } from "../groups/find-group";
import { peopleOfListSql } from "./department-list-scope";
import { departmentListSql } from "./lock-department-list";

/** A group's departments with how many of the group's people name each one. */
export async function listGroupDepartments(
  ctx: AppContext,
  groupId: number,
): Promise<AdminDepartment[]> {
  await requireGroup(ctx.db, groupId);
  return listDepartmentsWithCounts(ctx, groupId);
}

/**
 * A department list as the admin manages it (a group's, or the company-wide one for null), each
 * with how many of the list's people name it; sorted, Other last.
 */
export async function listDepartmentsWithCounts(
  ctx: AppContext,
  groupId: number | null,
): Promise<AdminDepartment[]> {
  const rows = await ctx.db
    .select({
      id: departments.id,
      name: departments.name,
      displayName: departments.displayName,
      domainGroupId: departments.domainGroupId,
    })
    .from(departments)
    .where(and(departmentListSql(groupId), eq(departments.isActive, true)));
  const counts = await ctx.db
    .select({ department: users.department, n: count() })
    .from(users)
    .where(peopleOfListSql(groupId))
    .groupBy(users.department);
  const byName = new Map(counts.map((row) => [row.department, Number(row.n)]));
  return sortDepartments(rows).map((row) => ({ ...row, userCount: byName.get(row.name) ?? 0 }));
}

import { and, count, eq, sql } from "drizzle-orm";
import { type AdminDepartment, sortDepartments } from "../../../shared/departments";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { requireGroup } from "../groups/find-group";

/** A group's departments with how many of the group's people name each one. */
export async function listGroupDepartments(
  ctx: AppContext,
  groupId: number,
): Promise<AdminDepartment[]> {
  await requireGroup(ctx.db, groupId);
  const rows = await ctx.db
    .select({
      id: departments.id,
      name: departments.name,
      displayName: departments.displayName,
      domainGroupId: departments.domainGroupId,
    })
    .from(departments)
    .where(and(eq(departments.domainGroupId, groupId), eq(departments.isActive, true)));
  const counts = await ctx.db
    .select({ department: users.department, n: count() })
    .from(users)
    .where(sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`)
    .groupBy(users.department);
  const byName = new Map(counts.map((row) => [row.department, Number(row.n)]));
  return sortDepartments(rows).map((row) => ({ ...row, userCount: byName.get(row.name) ?? 0 }));
}

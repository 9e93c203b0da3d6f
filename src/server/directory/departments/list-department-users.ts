import { and, asc, eq, sql } from "drizzle-orm";
import type { DepartmentUser } from "../../../shared/departments";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { requireGroup } from "../groups/find-group";

/** The group's people whose department is `departmentName`. */
export async function listDepartmentUsers(
  ctx: AppContext,
  groupId: number,
  departmentName: string,
): Promise<DepartmentUser[]> {
  await requireGroup(ctx.db, groupId);
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.department, departmentName),
        sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
}

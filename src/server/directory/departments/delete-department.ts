import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_DEPARTMENT } from "../../../shared/departments";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { BadRequest } from "../../errors";
import { requireGroup } from "../groups/find-group";
import { lockGroupDepartment } from "./lock-group-department";

/** Deletes a group's department and moves the group's people in it to Other, all or nothing. */
export async function deleteDepartment(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
): Promise<{ message: string; movedUsers: number }> {
  await requireGroup(ctx.db, groupId);
  return ctx.db.transaction(async (tx) => {
    const department = await lockGroupDepartment(tx, groupId, departmentId);
    if (department.name === DEFAULT_DEPARTMENT) {
      throw new BadRequest(
        `The default department "${DEFAULT_DEPARTMENT}" cannot be deleted.`,
        "default_department",
      );
    }
    await tx
      .insert(departments)
      .values({ name: DEFAULT_DEPARTMENT, displayName: DEFAULT_DEPARTMENT, domainGroupId: groupId })
      .onConflictDoNothing();
    const moved = await tx
      .update(users)
      .set({ department: DEFAULT_DEPARTMENT, updatedAt: ctx.clock.now() })
      .where(
        and(
          eq(users.department, department.name),
          sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`,
        ),
      )
      .returning({ id: users.id });
    await tx.delete(departments).where(eq(departments.id, department.id));
    const people = moved.length === 1 ? "1 user" : `${moved.length} users`;
    return {
      message: `Department "${department.displayName}" deleted. ${people} moved to ${DEFAULT_DEPARTMENT}.`,
      movedUsers: moved.length,
    };
  });
}

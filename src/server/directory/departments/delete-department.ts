import { eq } from "drizzle-orm";
import { DEFAULT_DEPARTMENT, type DepartmentMoved } from "../../../shared/departments";
import type { AppContext } from "../../context";
import { departments } from "../../db/schema";
import { BadRequest } from "../../errors";
import { requireGroup } from "../groups/find-group";
import { lockDepartmentForChange } from "./department-list-scope";
import { moveDepartmentPeople, movedPhrase } from "./move-department-people";

/** Deletes a group's department and moves the group's people in it to Other, all or nothing. */
export async function deleteDepartment(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
): Promise<DepartmentMoved> {
  await requireGroup(ctx.db, groupId);
  return removeDepartment(ctx, departmentId, groupId);
}

/**
 * Deletes a department of any list (given `groupId`, only of that group's list) and moves its
 * people, and the pre-filled department of those not signed up yet, to the list's "Other",
 * which it adds when the list has none. The default department itself cannot go.
 * Concurrency: the list's advisory lock, then the department's row (lockDepartmentForChange).
 */
export async function removeDepartment(
  ctx: AppContext,
  departmentId: number,
  groupId?: number,
): Promise<DepartmentMoved> {
  return ctx.db.transaction(async (tx) => {
    const department = await lockDepartmentForChange(tx, departmentId, groupId);
    if (department.name === DEFAULT_DEPARTMENT) {
      throw new BadRequest(
        `The default department "${DEFAULT_DEPARTMENT}" cannot be deleted.`,
        "default_department",
      );
    }
    await tx
      .insert(departments)
      .values({
        name: DEFAULT_DEPARTMENT,
        displayName: DEFAULT_DEPARTMENT,
        domainGroupId: department.domainGroupId,
      })
      .onConflictDoNothing();
    const moved = await moveDepartmentPeople(ctx, tx, department, DEFAULT_DEPARTMENT);
    await tx.delete(departments).where(eq(departments.id, department.id));
    return {
      message: `Department "${department.displayName}" deleted. ${movedPhrase(moved)} moved to ${DEFAULT_DEPARTMENT}.`,
      ...moved,
    };
  });
}

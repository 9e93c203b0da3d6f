import { and, eq } from "drizzle-orm";
import {
  DEFAULT_DEPARTMENT,
  type DepartmentMoved,
  type MergeDepartmentInput,
} from "../../../shared/departments";
import type { AppContext } from "../../context";
import { departments } from "../../db/schema";
import { BadRequest } from "../../errors";
import { lockDepartmentForChange } from "./department-list-scope";
import { moveDepartmentPeople, movedPhrase } from "./move-department-people";

/**
 * Merges a department into another of the same list: its people (and the pre-filled department
 * of those not signed up yet) move to the target, whose name they then read, and the merged
 * department is deleted. Someone who chose to meet only their own department now meets the
 * target's people too. The default department can take others in but not be merged away.
 * Concurrency: the list's advisory lock first, so changes of one list run one at a time.
 */
export async function mergeDepartment(
  ctx: AppContext,
  departmentId: number,
  input: MergeDepartmentInput,
): Promise<DepartmentMoved> {
  if (input.intoDepartmentId === departmentId) {
    throw new BadRequest("Choose another department to merge into.", "same_department");
  }
  return ctx.db.transaction(async (tx) => {
    const source = await lockDepartmentForChange(tx, departmentId);
    const [target] = await tx
      .select()
      .from(departments)
      .where(
        and(
          eq(departments.id, input.intoDepartmentId),
          source.domainGroupId === null
            ? undefined
            : eq(departments.domainGroupId, source.domainGroupId),
        ),
      )
      .for("update");
    if (!target || target.domainGroupId !== source.domainGroupId) {
      throw new BadRequest(
        "Departments can only be merged into another department of the same list.",
        "other_list",
      );
    }
    if (source.name === DEFAULT_DEPARTMENT) {
      throw new BadRequest(
        `The default department "${DEFAULT_DEPARTMENT}" cannot be merged away; merge others into it instead.`,
        "default_department",
      );
    }
    const moved = await moveDepartmentPeople(ctx, tx, source, target.name);
    await tx.delete(departments).where(eq(departments.id, source.id));
    return {
      message: `"${source.displayName}" merged into "${target.displayName}". ${movedPhrase(moved)} moved.`,
      ...moved,
    };
  });
}

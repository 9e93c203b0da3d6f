import { and, count, eq } from "drizzle-orm";
import {
  type AdminDepartment,
  departmentExistsMessage,
  type RenameDepartmentInput,
} from "../../../shared/departments";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { Conflict } from "../../errors";
import { requireGroup } from "../groups/find-group";
import { lockDepartmentForChange, peopleOfListSql } from "./department-list-scope";
import { displayNameTaken } from "./lock-department-list";

/** PATCH /api/admin/departments/{groupId}/{departmentId}: a group's department only. */
export async function renameDepartment(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
  input: RenameDepartmentInput,
): Promise<AdminDepartment> {
  await requireGroup(ctx.db, groupId);
  return renameDepartmentById(ctx, departmentId, input, groupId);
}

/**
 * Gives a department of any list a new name for people to read. Its stored key stays, so the
 * people in it keep it without a change to their profiles; a name another department of the list
 * shows, in any case, is refused with 409. Concurrency: the list's advisory lock, as for adds.
 */
export async function renameDepartmentById(
  ctx: AppContext,
  departmentId: number,
  input: RenameDepartmentInput,
  groupId?: number,
): Promise<AdminDepartment> {
  return ctx.db.transaction(async (tx) => {
    const department = await lockDepartmentForChange(tx, departmentId, groupId);
    const list = department.domainGroupId;
    const existing = await displayNameTaken(tx, list, input.displayName, departmentId);
    if (existing !== null) {
      throw new Conflict(departmentExistsMessage(existing, list !== null), "department_exists");
    }
    await tx
      .update(departments)
      .set({ displayName: input.displayName })
      .where(eq(departments.id, departmentId));
    const [people] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.department, department.name), peopleOfListSql(list)));
    return {
      id: department.id,
      name: department.name,
      displayName: input.displayName,
      domainGroupId: list,
      userCount: Number(people.n),
    };
  });
}

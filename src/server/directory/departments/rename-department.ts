import { and, count, eq, sql } from "drizzle-orm";
import {
  type AdminDepartment,
  departmentExistsMessage,
  type RenameDepartmentInput,
} from "../../../shared/departments";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { Conflict } from "../../errors";
import { requireGroup } from "../groups/find-group";
import { displayNameTaken, lockDepartmentList } from "./lock-department-list";
import { lockGroupDepartment } from "./lock-group-department";

/**
 * Gives a group's department a new name for people to read. Its stored key stays, so the people
 * in it keep it without a change to their profiles; a name another department of the group
 * shows, in any case, is refused with 409. Concurrency: the list's advisory lock, as for adds.
 */
export async function renameDepartment(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
  input: RenameDepartmentInput,
): Promise<AdminDepartment> {
  await requireGroup(ctx.db, groupId);
  return ctx.db.transaction(async (tx) => {
    await lockDepartmentList(tx, groupId);
    const department = await lockGroupDepartment(tx, groupId, departmentId);
    if (await displayNameTaken(tx, groupId, input.displayName, departmentId)) {
      throw new Conflict(departmentExistsMessage(input.displayName), "department_exists");
    }
    await tx
      .update(departments)
      .set({ displayName: input.displayName })
      .where(eq(departments.id, departmentId));
    const inGroup = sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`;
    const [people] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.department, department.name), inGroup));
    return {
      id: department.id,
      name: department.name,
      displayName: input.displayName,
      domainGroupId: groupId,
      userCount: Number(people.n),
    };
  });
}

import { and, eq, ne, sql } from "drizzle-orm";
import {
  type AdminDepartment,
  DEFAULT_DEPARTMENT,
  type RenameDepartmentInput,
} from "../../../shared/departments";
import type { AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { departments, users } from "../../db/schema";
import { BadRequest, Conflict } from "../../errors";
import { requireGroup } from "../domain-groups/find-group";
import { whitelistEntrySql } from "../whitelist-lookup";
import { lockGroupDepartment } from "./lock-group-department";

/**
 * Renames a group's department. Names stay unique per group (case-insensitively); the group's
 * people in it keep their department under the new name, all or nothing. The default department
 * keeps its name (other screens rely on it) but may get a new display name.
 */
export async function renameDepartment(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
  input: RenameDepartmentInput,
): Promise<AdminDepartment> {
  await requireGroup(ctx.db, groupId);
  const duplicate = () =>
    new Conflict(`A department named "${input.name}" already exists in this group.`);
  try {
    return await ctx.db.transaction(async (tx) => {
      const department = await lockGroupDepartment(tx, groupId, departmentId);
      const renamed = department.name !== input.name;
      if (renamed && department.name === DEFAULT_DEPARTMENT) {
        throw new BadRequest(
          `The default department "${DEFAULT_DEPARTMENT}" keeps its name; you can change its display name.`,
          "default_department",
        );
      }
      const [clash] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.domainGroupId, groupId),
            ne(departments.id, departmentId),
            sql`lower(${departments.name}) = lower(${input.name})`,
          ),
        );
      if (clash) throw duplicate();
      await tx
        .update(departments)
        .set({ name: input.name, displayName: input.displayName })
        .where(eq(departments.id, departmentId));
      const inGroup = sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`;
      const people = renamed
        ? await tx
            .update(users)
            .set({ department: input.name, updatedAt: ctx.clock.now() })
            .where(and(eq(users.department, department.name), inGroup))
            .returning({ id: users.id })
        : await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.department, department.name), inGroup));
      return {
        id: department.id,
        name: input.name,
        displayName: input.displayName,
        domainGroupId: groupId,
        userCount: people.length,
      };
    });
  } catch (error) {
    // A concurrent rename or add of the same name lost the race to the unique constraint.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

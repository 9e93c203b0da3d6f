import { and, eq, isNull, sql } from "drizzle-orm";
import type { AdminDepartment, CreateDepartmentInput } from "../../../shared/departments";
import type { AppContext } from "../../context";
import { departments } from "../../db/schema";
import { Conflict } from "../../errors";
import { requireGroup } from "../domain-groups/find-group";

/** Adds a department to a group (or to the company-wide list for null); names are unique per list. */
export async function createDepartment(
  ctx: AppContext,
  groupId: number | null,
  input: CreateDepartmentInput,
): Promise<AdminDepartment> {
  if (groupId !== null) await requireGroup(ctx.db, groupId);
  const sameList =
    groupId === null ? isNull(departments.domainGroupId) : eq(departments.domainGroupId, groupId);
  const duplicate = () =>
    new Conflict(`A department named "${input.name}" already exists in this group.`);
  const [existing] = await ctx.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(sameList, sql`lower(${departments.name}) = lower(${input.name})`));
  if (existing) throw duplicate();
  const [row] = await ctx.db
    .insert(departments)
    .values({ name: input.name, displayName: input.displayName, domainGroupId: groupId })
    .onConflictDoNothing()
    .returning();
  // A concurrent add of the same name lost the race to the unique constraint.
  if (!row) throw duplicate();
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    domainGroupId: row.domainGroupId,
    userCount: 0,
  };
}

import { and, eq, sql } from "drizzle-orm";
import type { DepartmentImpact, GroupImpact } from "../../../shared/impact";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { AppContext } from "../../context";
import { allowedEmails, departments, users } from "../../db/schema";
import { requireGroup } from "../../directory/groups/find-group";
import { NotFound } from "../../errors";

const inGroup = (groupId: number) =>
  sql`${whitelistEntrySql(users.email, "domain_group_id")} = ${groupId}`;

/** What deleting the domain group `id` touches: its people, entries and departments. Read-only. */
export async function groupImpact(ctx: AppContext, id: number): Promise<GroupImpact> {
  await requireGroup(ctx.db, id);
  const count = sql<number>`count(*)::int`;
  const [[people], [entries], [lists]] = await Promise.all([
    ctx.db.select({ n: count }).from(users).where(inGroup(id)),
    ctx.db.select({ n: count }).from(allowedEmails).where(eq(allowedEmails.domainGroupId, id)),
    ctx.db.select({ n: count }).from(departments).where(eq(departments.domainGroupId, id)),
  ]);
  return { people: people.n, entries: entries.n, departments: lists.n };
}

/** How many of the group's people are in the department `departmentId`. Read-only. */
export async function departmentImpact(
  ctx: AppContext,
  groupId: number,
  departmentId: number,
): Promise<DepartmentImpact> {
  const [department] = await ctx.db
    .select({ name: departments.name })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.domainGroupId, groupId)));
  if (!department) throw new NotFound("That department no longer exists.");
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.department, department.name), inGroup(groupId)));
  return { people: row.n };
}

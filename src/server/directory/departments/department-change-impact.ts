import { and, eq, notExists, sql } from "drizzle-orm";
import { DEFAULT_DEPARTMENT } from "../../../shared/departments";
import type { DepartmentChangeImpact } from "../../../shared/impact";
import type { AppContext } from "../../context";
import { allowedEmails, departments, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { entriesOfListSql, peopleOfListSql } from "./department-list-scope";
import { departmentListSql } from "./lock-department-list";

const n = sql<number>`count(*)::int`;

/**
 * Who renaming, merging or removing a department touches, in its own list: its signed-up people,
 * how many of them chose to meet only their department, and the whitelisted people not signed up
 * yet whose profile it pre-fills. Read-only.
 */
export async function departmentChangeImpact(
  ctx: AppContext,
  departmentId: number,
): Promise<DepartmentChangeImpact> {
  const [department] = await ctx.db
    .select()
    .from(departments)
    .where(eq(departments.id, departmentId));
  if (!department) throw new NotFound("That department no longer exists.");
  const list = department.domainGroupId;
  const inIt = and(eq(users.department, department.name), peopleOfListSql(list));
  const signedUp = ctx.db
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.email, allowedEmails.email));
  const [[people], [profiles], [fallback]] = await Promise.all([
    ctx.db
      .select({
        all: n,
        same: sql<number>`(count(*) filter (where ${users.matchingPreference} = 'same-department'))::int`,
      })
      .from(users)
      .where(inIt),
    ctx.db
      .select({ all: n })
      .from(allowedEmails)
      .where(
        and(
          eq(allowedEmails.department, department.name),
          eq(allowedEmails.isActive, true),
          entriesOfListSql(list),
          notExists(signedUp),
        ),
      ),
    ctx.db
      .select({ displayName: departments.displayName })
      .from(departments)
      .where(and(eq(departments.name, DEFAULT_DEPARTMENT), departmentListSql(list))),
  ]);
  return {
    people: people.all,
    sameDepartmentPreference: people.same,
    profiles: profiles.all,
    fallback: fallback?.displayName ?? DEFAULT_DEPARTMENT,
  };
}

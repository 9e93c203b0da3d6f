import { eq, sql } from "drizzle-orm";
import type { EmployeeStatusSummary } from "../../shared/employees";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { isEmployeeSql } from "../db/employee";
import { users } from "../db/schema";
import { eligibleSql, onLeaveSql } from "../pairings/scope/scope";
import { lastEmployeeSync } from "./last-sync";

/**
 * The employees (db/employee.ts, the Total Users of every page) by employment as of today, read-only
 * (a GET): at work, on leave or left, whatever each chose about taking part (participation is
 * User Management's Active, Paused, Opted Out), so the three add up to the total. Leave dates
 * covering today count as on leave and ended pauses as available even before a sync writes them
 * back. Docs: admin-console.md, "The figures".
 */
export async function getEmployeeStatusSummary(ctx: AppContext): Promise<EmployeeStatusSummary> {
  const today = utcDayOf(ctx.clock.now());
  const employed = eq(users.employeeStatus, "active");
  const onLeave = sql`(${users.employeeStatus} = 'on_leave' or (${employed} and ${onLeaveSql(today)}))`;
  const left = eq(users.employeeStatus, "inactive");
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      atWork: sql<number>`(count(*) filter (where ${employed} and not ${onLeaveSql(today)}))::int`,
      onLeave: sql<number>`(count(*) filter (where ${onLeave}))::int`,
      left: sql<number>`(count(*) filter (where ${left}))::int`,
      available: sql<number>`(count(*) filter (where ${eligibleSql(today)}))::int`,
    })
    .from(users)
    .where(isEmployeeSql);
  return {
    totalEmployees: row.total,
    activeEmployees: row.atWork,
    onLeaveEmployees: row.onLeave,
    leftEmployees: row.left,
    availableForMatching: row.available,
    lastSyncDate: await lastEmployeeSync(ctx.db),
  };
}

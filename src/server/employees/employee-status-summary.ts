import { isNull, sql } from "drizzle-orm";
import type { EmployeeStatusSummary } from "../../shared/employees";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { users } from "../db/schema";
import { eligibleSql, onLeaveSql } from "../pairings/scope/scope";
import { lastEmployeeSync } from "./last-sync";

/**
 * Counts as of today, read-only (a GET): leave dates covering today count as on leave and ended
 * pauses as available even before a sync writes them back.
 */
export async function getEmployeeStatusSummary(ctx: AppContext): Promise<EmployeeStatusSummary> {
  const today = utcDayOf(ctx.clock.now());
  const onLeave = sql`(${users.employeeStatus} = 'on_leave' or (${users.employeeStatus} = 'active' and ${onLeaveSql(today)}))`;
  const [row] = await ctx.db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.employeeStatus} = 'active' and not ${onLeaveSql(today)}))::int`,
      onLeave: sql<number>`(count(*) filter (where ${onLeave}))::int`,
      available: sql<number>`(count(*) filter (where ${eligibleSql(today)}))::int`,
    })
    .from(users)
    // An erased person's row, or a stand-in of old history, is no employee (docs/privacy.md).
    .where(isNull(users.erasedAt));
  return {
    totalEmployees: row.total,
    activeEmployees: row.active,
    onLeaveEmployees: row.onLeave,
    availableForMatching: row.available,
    lastSyncDate: await lastEmployeeSync(ctx.db),
  };
}

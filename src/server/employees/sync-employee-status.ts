import { and, eq, sql } from "drizzle-orm";
import type { SyncEmployeeStatusResponse } from "../../shared/employees";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { users } from "../db/schema";
import { onLeaveSql, reactivateEndedPauses } from "../pairings/scope/scope";
import { recordEmployeeSync } from "./last-sync";

/**
 * Applies stored leave dates to statuses as of today: active people whose leave has begun go on
 * leave, people whose leave ended before today come back; inactive people are left alone.
 * Pauses whose end date has come are turned back to active too.
 */
export async function syncEmployeeStatus(ctx: AppContext): Promise<SyncEmployeeStatusResponse> {
  const now = ctx.clock.now();
  const today = utcDayOf(now);
  return ctx.db.transaction(async (tx) => {
    const leaving = await tx
      .update(users)
      .set({ employeeStatus: "on_leave", updatedAt: now })
      .where(and(eq(users.employeeStatus, "active"), onLeaveSql(today)))
      .returning({ id: users.id });
    const returning = await tx
      .update(users)
      .set({ employeeStatus: "active", updatedAt: now })
      .where(
        and(
          eq(users.employeeStatus, "on_leave"),
          sql`${users.leaveEndDate} is not null and ${users.leaveEndDate} < ${today}::date`,
        ),
      )
      .returning({ id: users.id });
    const pausesEnded = await reactivateEndedPauses(tx, today);
    await recordEmployeeSync(tx, now);
    return {
      message: `Employee status synced: ${leaving.length} now on leave, ${returning.length} back from leave, ${pausesEnded} ${pausesEnded === 1 ? "pause" : "pauses"} ended.`,
      nowOnLeave: leaving.length,
      backFromLeave: returning.length,
      pausesEnded,
    };
  });
}

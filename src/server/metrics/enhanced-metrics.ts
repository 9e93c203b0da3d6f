import { desc, gte, sql } from "drizzle-orm";
import {
  DEPARTMENT_NOT_SET,
  type EnhancedMetrics,
  type MonthMetrics,
  PREVIOUS_MONTHS,
  percent,
} from "../../shared/metrics";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { matches, users } from "../db/schema";
import { departmentNameInGroupSql } from "../directory/departments/department-name";
import { chatHappenedSql, chatsHappenedCount } from "../matches/chat-happened-sql";
import { shiftMonth } from "../pairings/generate/months";
import { monthOf } from "../pairings/members/scope";

/** People counted per stored department key and whitelist group, named afterwards per key. */
const peopleByDepartmentKey = sql`(select ${users.department} as department,
  ${whitelistEntrySql(users.email, "domain_group_id")} as group_id, count(*) as n
  from ${users} group by 1, 2) k`;

/**
 * The Analytics & Metrics numbers, from three aggregates (no rows reach Node): people by stored
 * participation status, people by department name, and matches by month for the current month and the
 * six before it. Statuses are the stored ones, as the user list shows them; a chat counts as
 * completed when it happened (src/shared/chat-happened.ts), and open while it has not.
 */
export async function getEnhancedMetrics(ctx: AppContext): Promise<EnhancedMetrics> {
  const current = monthOf(ctx.clock.now());
  const first = shiftMonth(current, -PREVIOUS_MONTHS);
  const [people, departments, months] = await Promise.all([
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${users.needsProfileSetup}))::int`,
        active: sql<number>`(count(*) filter (where ${users.participationStatus} = 'active'))::int`,
        paused: sql<number>`(count(*) filter (where ${users.participationStatus} = 'paused'))::int`,
        optedOut: sql<number>`(count(*) filter (where ${users.participationStatus} = 'opted_out'))::int`,
      })
      .from(users),
    ctx.db
      .select({
        department: sql<string>`coalesce(${departmentNameInGroupSql(sql`k.group_id`, sql`k.department`)}, ${DEPARTMENT_NOT_SET})`,
        n: sql<number>`sum(k.n)::int`,
      })
      .from(peopleByDepartmentKey)
      .groupBy(sql`1`)
      .orderBy(desc(sql`2`), sql`1`),
    ctx.db
      .select({
        month: matches.month,
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${matches.status} = 'active' and not ${chatHappenedSql}))::int`,
        completed: chatsHappenedCount,
      })
      .from(matches)
      .where(gte(matches.month, first))
      .groupBy(matches.month),
  ]);
  const [p] = people;
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const previousMonths: MonthMetrics[] = [];
  for (let back = PREVIOUS_MONTHS; back >= 1; back--) {
    const month = shiftMonth(current, -back);
    const row = byMonth.get(month);
    const totalMatches = row?.total ?? 0;
    const completedMatches = row?.completed ?? 0;
    previousMonths.push({
      month,
      successRate: percent(completedMatches, totalMatches),
      totalMatches,
      completedMatches,
    });
  }
  const now = byMonth.get(current);
  return {
    userMetrics: {
      totalRegistered: p.total,
      pendingProfileSetup: p.pending,
      activeParticipants: p.active,
      pausedUsers: p.paused,
      optedOutUsers: p.optedOut,
      participationRate: percent(p.active, p.total - p.optedOut),
      byDepartment: Object.fromEntries(departments.map((row) => [row.department, row.n])),
    },
    matchingMetrics: {
      currentMonth: {
        month: current,
        totalMatches: now?.total ?? 0,
        activeMatches: now?.active ?? 0,
        completedMatches: now?.completed ?? 0,
      },
      previousMonths,
    },
  };
}

import { desc, gte, type SQL, sql } from "drizzle-orm";
import {
  DEPARTMENT_NOT_SET,
  type EnhancedMetrics,
  type MonthMetrics,
  PREVIOUS_MONTHS,
  percent,
} from "../../shared/metrics";
import { whitelistEntrySql } from "../auth/whitelist-lookup";
import type { AppContext } from "../context";
import { shiftMonth, utcMonthOf } from "../dates/month-dates";
import type { Db, Tx } from "../db/client";
import { invitedNotJoinedSql, isEmployeeSql } from "../db/employee";
import { allowedEmails, matches, users } from "../db/schema";
import {
  departmentNameInGroupSql,
  namedByGroupSql,
} from "../directory/departments/department-name";
import { matchesForFigures, matchFigureColumns } from "./figures";
import { keptMatchFigures } from "./kept-match-figures";

/**
 * Everyone counted by stored department key, with the participation counts of each key, in one
 * scan of `users`. A key every list names alike is named without the person's whitelist group,
 * so the group is looked up only for people whose key the lists name differently (none in the
 * sample company): the lookup per person was most of this read at 100,000 people
 * (docs/performance.md, "100,000 employees").
 */
function peopleByDepartmentKey(db: Db) {
  const count = (where: SQL) => sql<number>`count(*) filter (where ${where})`;
  return (
    db
      .select({
        department: sql`${users.department}`.as("department"),
        groupId:
          sql`(case when ${users.department} in ${namedByGroupSql} then ${whitelistEntrySql(users.email, "domain_group_id")} end)`.as(
            "group_id",
          ),
        n: sql<number>`count(*)`.as("n"),
        pending: count(sql`${users.needsProfileSetup}`).as("pending"),
        active: count(sql`${users.participationStatus} = 'active'`).as("active"),
        paused: count(sql`${users.participationStatus} = 'paused'`).as("paused"),
        optedOut: count(sql`${users.participationStatus} = 'opted_out'`).as("opted_out"),
      })
      .from(users)
      // Employees only (figures.ts): an erased person's row, or a stand-in of old history, counts
      // for history only (docs/privacy.md); an admin who never made a profile is no employee.
      .where(isEmployeeSql)
      .groupBy(sql`1`, sql`2`)
      .as("k")
  );
}

/** People and their participation counts per department name, largest first. */
function peopleByDepartment(db: Db) {
  const k = peopleByDepartmentKey(db);
  const sum = (column: SQL.Aliased) => sql<number>`sum(${column})::int`;
  return db
    .select({
      department: sql<string>`coalesce(${departmentNameInGroupSql(k.groupId, k.department)}, ${DEPARTMENT_NOT_SET})`,
      n: sum(k.n),
      pending: sum(k.pending),
      active: sum(k.active),
      paused: sum(k.paused),
      optedOut: sum(k.optedOut),
    })
    .from(k)
    .groupBy(sql`1`)
    .orderBy(desc(sql`2`), sql`1`);
}

/** The match figures (figures.ts) per month from `first` on, in one grouped pass. */
function matchesByMonth(db: Db | Tx, first: string) {
  const perMatch = matchesForFigures(db, gte(matches.month, first));
  return db
    .select({ month: perMatch.month, ...matchFigureColumns(perMatch) })
    .from(perMatch)
    .groupBy(perMatch.month);
}

/**
 * The Analytics & Metrics numbers, from two aggregates (no rows reach Node): people by department
 * name with their stored participation status (summed for the totals), and matches by month for
 * the current month and the six before it. Statuses are the stored ones, as the user list shows
 * them; employees only, and each match figure by its one definition (figures.ts).
 */
export async function getEnhancedMetrics(ctx: AppContext): Promise<EnhancedMetrics> {
  const current = utcMonthOf(ctx.clock.now());
  const first = shiftMonth(current, -PREVIOUS_MONTHS);
  const [departments, months, [invited]] = await Promise.all([
    peopleByDepartment(ctx.db),
    keptMatchFigures(ctx.db, `months from ${first}`, (tx) => matchesByMonth(tx, first)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(allowedEmails).where(invitedNotJoinedSql),
  ]);
  const p = { total: 0, pending: 0, active: 0, paused: 0, optedOut: 0 };
  for (const row of departments) {
    p.total += row.n;
    p.pending += row.pending;
    p.active += row.active;
    p.paused += row.paused;
    p.optedOut += row.optedOut;
  }
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const previousMonths: MonthMetrics[] = [];
  for (let back = PREVIOUS_MONTHS; back >= 1; back--) {
    const month = shiftMonth(current, -back);
    const row = byMonth.get(month);
    const totalMatches = row?.totalMatches ?? 0;
    const chatsHappened = row?.chatsHappened ?? 0;
    previousMonths.push({
      month,
      successRate: percent(chatsHappened, totalMatches),
      totalMatches,
      completedMatches: row?.completedChats ?? 0,
      chatsHappened,
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
      invitedNotJoined: Number(invited.n),
      byDepartment: Object.fromEntries(departments.map((row) => [row.department, row.n])),
    },
    matchingMetrics: {
      currentMonth: {
        month: current,
        totalMatches: now?.totalMatches ?? 0,
        activeMatches: now?.activeMatches ?? 0,
        completedMatches: now?.completedChats ?? 0,
        chatsHappened: now?.chatsHappened ?? 0,
      },
      previousMonths,
    },
  };
}

import { and, asc, type SQL, sql } from "drizzle-orm";
import {
  EXCLUDED_LIST_LIMIT,
  type ExcludedListResponse,
  type ExclusionCounts,
  type ExclusionReason,
  exclusionReasons,
} from "../../shared/exclusions";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { whitelistEntrySql } from "../directory/whitelist-lookup";
import { eligibleSql, inScopeSql, type PairingScope } from "./scope";

/**
 * The one reason a person is not paired (null when they are eligible), in the order of
 * `exclusionReasons`. Whoever fails none of the earlier checks yet is not eligible is on leave:
 * that is the last condition of `eligibleSql`.
 */
export function exclusionReasonSql(today: string): SQL<ExclusionReason | null> {
  return sql<ExclusionReason | null>`case
    when ${eligibleSql(today)} then null
    when ${users.participationStatus} = 'opted_out' then 'opted_out'
    when ${users.participationStatus} = 'paused' then 'paused'
    when ${whitelistEntrySql(users.email, "id")} is null then 'removed'
    when not ${users.isActive} or ${users.employeeStatus} = 'inactive' then 'deactivated'
    when not ${users.isValidated} or ${users.needsProfileSetup} then 'incomplete_profile'
    else 'on_leave'
  end`;
}

/** How many people in the scope are excluded for each reason (every reason present, zeros too). */
export async function countExclusions(
  db: Db,
  scope: PairingScope,
  today: string,
): Promise<ExclusionCounts> {
  const reason = exclusionReasonSql(today);
  const rows = await db
    .select({ reason, n: sql<number>`count(*)::int` })
    .from(users)
    .where(inScopeSql(scope))
    // By position: the expression carries parameters, so repeating it would not match the select.
    .groupBy(sql`1`);
  const counts = Object.fromEntries(exclusionReasons.map((r) => [r, 0])) as ExclusionCounts;
  for (const row of rows) if (row.reason) counts[row.reason] = Number(row.n);
  return counts;
}

/** The names behind one count, sorted by name, at most EXCLUDED_LIST_LIMIT of them. */
export async function listExcluded(
  db: Db,
  scope: PairingScope,
  today: string,
  reason: ExclusionReason,
): Promise<ExcludedListResponse> {
  const where = and(inScopeSql(scope), sql`${exclusionReasonSql(today)} = ${reason}`);
  const name = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, name, email: users.email, department: users.department })
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${name})`), asc(users.email))
      .limit(EXCLUDED_LIST_LIMIT),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    reason,
    total: Number(total),
    people: rows.map((row) => ({ ...row, name: row.name || row.email.split("@")[0] })),
  };
}

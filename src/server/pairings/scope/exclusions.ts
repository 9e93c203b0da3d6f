import { and, asc, type SQL, sql } from "drizzle-orm";
import {
  EXCLUDED_LIST_LIMIT,
  type ExcludedListResponse,
  type ExclusionCounts,
  type ExclusionReason,
  exclusionReasons,
} from "../../../shared/exclusions";
import type { StatusCounts } from "../../../shared/pairings";
import { personName } from "../../../shared/person-name";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import type { Db } from "../../db/client";
import { isEmployeeSql } from "../../db/employee";
import { users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import {
  awaitingStillInSql,
  eligibleSql,
  inScopeSql,
  type MatchTense,
  type PairingScope,
} from "./scope";
import { joinWhitelistEntry, whitelistEntryGroup, whitelistEntryId } from "./whitelist-join";

/**
 * The one reason a person is not paired (null when they are eligible), in the order of
 * `exclusionReasons`. Whoever fails none of the earlier checks yet is not eligible is on leave:
 * that is the last condition of `eligibleSql`.
 */
export function exclusionReasonSql(
  today: string,
  entryId: SQL = whitelistEntrySql(users.email, "id"),
  tense: MatchTense = {},
): SQL<ExclusionReason | null> {
  return sql<ExclusionReason | null>`case
    when ${eligibleSql(today, entryId, tense)} then null
    when ${users.participationStatus} = 'opted_out' then 'opted_out'
    when ${users.participationStatus} = 'paused' then 'paused'
    when ${entryId} is null then 'removed'
    when not ${users.isActive} or ${users.employeeStatus} = 'inactive' then 'deactivated'
    when not ${users.isValidated} or ${users.needsProfileSetup} then 'incomplete_profile'
    when ${awaitingStillInSql()} then 'not_answering'
    else 'on_leave'
  end`;
}

/**
 * An admin whose address is not on the whitelist signs in with a password and was never a
 * member: they are not counted, and never as "Removed from the whitelist" (a fresh install's
 * first admin). Nor is an admin who never made a profile, on the whitelist or not: no employee
 * (db/employee.ts), never "Profile not set up". An admin with a profile on the whitelist is
 * counted like anyone.
 */
export function notAdminOffWhitelistSql(entryId: SQL): SQL {
  return sql`not (${users.isAdmin} and ${entryId} is null) and ${isEmployeeSql}`;
}

/**
 * Everyone in the scope counted by status and by exclusion reason in one scan: the whitelist entry
 * of each person is joined once (whitelist-join.ts) instead of looked up in each condition.
 */
export async function countByReason(
  db: Db,
  scope: PairingScope,
  today: string,
): Promise<{ statusCounts: StatusCounts; excluded: ExclusionCounts }> {
  const reason = exclusionReasonSql(today, whitelistEntryId);
  const rows = await joinWhitelistEntry(
    db.select({ reason, n: sql<number>`count(*)::int` }).from(users).$dynamic(),
  )
    .where(and(inScopeSql(scope, whitelistEntryGroup), notAdminOffWhitelistSql(whitelistEntryId)))
    // By position: the expression carries parameters, so repeating it would not match the select.
    .groupBy(sql`1`);
  const excluded = Object.fromEntries(exclusionReasons.map((r) => [r, 0])) as ExclusionCounts;
  let total = 0;
  let ready = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.reason) excluded[row.reason] = Number(row.n);
    else ready = Number(row.n);
  }
  const statusCounts: StatusCounts = {
    total,
    truly_active: ready,
    opted_out: excluded.opted_out,
    paused: excluded.paused,
    inactive: total - ready - excluded.opted_out - excluded.paused,
  };
  return { statusCounts, excluded };
}

/** The names behind one count, sorted by name, at most EXCLUDED_LIST_LIMIT of them. */
export async function listExcluded(
  db: Db,
  scope: PairingScope,
  today: string,
  reason: ExclusionReason,
): Promise<ExcludedListResponse> {
  const where = and(
    inScopeSql(scope),
    notAdminOffWhitelistSql(whitelistEntrySql(users.email, "id")),
    sql`${exclusionReasonSql(today)} = ${reason}`,
  );
  const name = sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        name,
        email: users.email,
        department: departmentNameSql(users.email, users.department),
      })
      .from(users)
      .where(where)
      .orderBy(asc(sql`lower(${name})`), asc(users.email))
      .limit(EXCLUDED_LIST_LIMIT),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    reason,
    total: Number(total),
    people: rows.map((row) => ({
      ...row,
      name: row.name || personName({ ...row, firstName: null, lastName: null }),
    })),
  };
}

import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AccountState, AdminUsersFilter } from "../../../shared/admin-users";
import type { ParticipationStatus } from "../../../shared/enums";
import type { AppContext } from "../../context";
import { isEmployeeSql } from "../../db/employee";
import { users } from "../../db/schema";
import { searchSql } from "../../directory/search/person-search";
import { NO_RUNNING_MATCHES, noMatchSql, runningMatches, satOutSql } from "./no-match";

/**
 * The user list's filters as SQL. The rows, the CSV and the counts above the table all read `all`,
 * so the counts are of the people the table lists (docs/admin-console.md, "Users").
 */
export interface UserListWhere {
  /** Employees, and the search and every filter: status, account, group, preference, … */
  all: SQL | undefined;
  /** The status and account filters as chosen (undefined: any): they settle some counts at once. */
  status: ParticipationStatus | undefined;
  account: AccountState | undefined;
  /**
   * Count exactly whatever the size: the planner cannot estimate who has no running match (an
   * anti-join; it guessed about 84,000 of 100,000 people where 3,300 were), and a count shown as
   * "about" must still be near the truth.
   */
  countExactly: boolean;
}

/**
 * Each filter is a condition on a column that leads an index in the list's order (migrations
 * 0048 and 0057), so a page of a rare value is a range of an index, not a walk past everyone.
 */
export async function userListWhere(
  ctx: AppContext,
  filter: AdminUsersFilter,
): Promise<UserListWhere> {
  const byMatch = Boolean(filter.satOut || filter.noMatch);
  const running = byMatch ? await runningMatches(ctx) : NO_RUNNING_MATCHES;
  return {
    // Employees only (db/employee.ts): erased people's rows keep history only (docs/privacy.md),
    // and an admin who never made a profile takes no part (the Admins part lists them).
    all: and(
      isEmployeeSql,
      await searchSql(ctx, filter.q),
      groupSql(filter.domainGroupId),
      filter.preference ? eq(users.matchingPreference, filter.preference) : undefined,
      filter.groupSize ? eq(users.preferredGroupSize, filter.groupSize) : undefined,
      filter.satOut ? satOutSql(running) : undefined,
      filter.noMatch ? noMatchSql(running) : undefined,
      filter.signup ? eq(users.needsProfileSetup, filter.signup === "pending") : undefined,
      filter.account ? eq(users.isActive, filter.account === "active") : undefined,
      filter.status ? eq(users.participationStatus, filter.status) : undefined,
    ),
    status: filter.status,
    account: filter.account,
    countExactly: byMatch,
  };
}

/**
 * Membership in a group by the whitelist's rule (a specific address beats its domain's entry),
 * written as two set lookups instead of one sub-select per person, so large lists stay fast.
 */
function groupSql(groupId: number | undefined): SQL | undefined {
  if (groupId === undefined) return undefined;
  return sql`(lower(${users.email}) in (select a.email from allowed_emails a
      where a.is_active and a.domain_group_id = ${groupId} and a.email not like '*@%')
    or (split_part(lower(${users.email}), '@', 2) in (select substr(a.email, 3) from allowed_emails a
        where a.is_active and a.domain_group_id = ${groupId} and a.email like '*@%')
      and not exists (select 1 from allowed_emails s where s.is_active and s.email = lower(${users.email})
        and s.domain_group_id is distinct from ${groupId})))`;
}

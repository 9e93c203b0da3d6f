import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { whitelistEntrySql } from "../../auth/whitelist-lookup";
import { departments } from "../../db/schema";

/**
 * The one place a person's department becomes the name people read; every page, chart, CSV and
 * e-mail that shows a department selects this expression (docs/profile.md, "Departments").
 *
 * A person stores their department's key; the key is unique only within one list, so the
 * display name is looked up in the list the person chooses from (their whitelist group's, else
 * the company-wide list), then in the company-wide list, then in any list (oldest first) for a
 * key their group no longer has. A key no list knows is shown as it is; an empty department is
 * null. `email` and `department` are the person's columns, e.g. `users.email` or sql`u.email`.
 */
export function departmentNameSql(email: SQLWrapper, department: SQLWrapper): SQL<string | null> {
  return departmentNameInGroupSql(whitelistEntrySql(email, "domain_group_id"), department);
}

/** The same for a known group id expression (null: the company-wide list), e.g. in aggregates. */
export function departmentNameInGroupSql(
  group: SQLWrapper,
  department: SQLWrapper,
): SQL<string | null> {
  return sql<
    string | null
  >`(case when nullif(trim(${department}), '') is null then null else coalesce(
    (select d.display_name from departments d where d.name = ${department}
      order by (d.domain_group_id is not distinct from ${group}) desc,
        (d.domain_group_id is null) desc, d.id
      limit 1),
    ${department}) end)`;
}

/**
 * Department keys whose lists disagree on the name (docs/profile.md, "Departments"). Only for
 * these does a person's whitelist group change the name they are counted under, so aggregates
 * look the group up for these people only.
 */
export const namedByGroupSql = sql`(select ${departments.name} from ${departments}
  group by ${departments.name} having count(distinct ${departments.displayName}) > 1)`;

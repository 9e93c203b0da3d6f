import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { isUuid } from "../db/uuid";
import { departmentNameSql } from "../directory/departments/department-name";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./scim-schemas";

const { passwordHash: _hash, ...columns } = getTableColumns(users);

/** The name Cup of Joe shows, as SCIM's computed `name.formatted` and `displayName`. */
export const fullNameSql = sql<
  string | null
>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`;

const manager = (column: SQL) => sql`(select ${column} from ${users} manager
  where manager.id = ${users}.${sql.identifier("manager_id")} and manager.erased_at is null)`;

/**
 * A SCIM-managed person as SCIM shows them: the row, their department's display name, and their
 * manager's SCIM id and display name (a manager the provider never provisioned has neither).
 */
export const scimUserSelection = {
  ...columns,
  departmentName: departmentNameSql(users.email, users.department),
  managerScimId: sql<string | null>`${manager(sql`manager.scim_id::text`)}`,
  managerDisplayName: sql<string | null>`${manager(
    sql`coalesce(manager.scim_display_name, nullif(concat_ws(' ', manager.first_name, manager.last_name), ''))`,
  )}`,
};

export function scimUsersQuery(db: Db | Tx) {
  return db.select(scimUserSelection).from(users);
}
export type ScimUserRow = Awaited<ReturnType<typeof scimUsersQuery>>[number];

/** The person whose SCIM resource has this id (not their account id: see users.scimId). */
export async function findScimUser(db: Db | Tx, scimId: string): Promise<ScimUserRow | null> {
  if (!isUuid(scimId)) return null;
  const [row] = await scimUsersQuery(db).where(eq(users.scimId, scimId));
  return row ?? null;
}

/**
 * The enterprise extension's `manager` (RFC 7643 §4.3): the manager's id, `$ref` and display
 * name; a manager named before they were provisioned, as the reference sent; else none.
 */
function scimManagerOf(row: ScimUserRow, appUrl: string) {
  if (row.managerScimId) {
    return {
      value: row.managerScimId,
      $ref: `${appUrl}/scim/v2/Users/${row.managerScimId}`,
      ...(row.managerDisplayName ? { displayName: row.managerDisplayName } : {}),
    };
  }
  return row.managerRef ? { value: row.managerRef } : null;
}

/** RFC 7643 §4.1 with the enterprise extension's department and manager. */
export function presentScimUser(row: ScimUserRow, appUrl: string) {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(" ");
  const formatted = row.scimNameFormatted ?? fullName;
  const displayName = row.scimDisplayName ?? fullName;
  const id = row.scimId ?? row.id;
  const name = {
    ...(row.firstName ? { givenName: row.firstName } : {}),
    ...(row.lastName ? { familyName: row.lastName } : {}),
    ...(formatted ? { formatted } : {}),
  };
  const managerOf = scimManagerOf(row, appUrl);
  const enterprise = {
    ...(row.departmentName ? { department: row.departmentName } : {}),
    ...(managerOf ? { manager: managerOf } : {}),
  };
  const hasEnterprise = Object.keys(enterprise).length > 0;
  return {
    schemas: hasEnterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id,
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.scimUserName ?? row.email,
    // A name with no sub-attribute is unassigned (RFC 7644 §3.5.2.2), so it is left out.
    ...(Object.keys(name).length > 0 ? { name } : {}),
    ...(displayName ? { displayName } : {}),
    emails: [{ value: row.email, type: row.scimEmailType ?? "work", primary: true }],
    // The office is the work address's locality (docs/provisioning.md).
    ...(row.office ? { addresses: [{ type: "work", locality: row.office, primary: true }] } : {}),
    active: row.isActive,
    ...(row.timeZone ? { timezone: row.timeZone } : {}),
    ...(hasEnterprise ? { [ENTERPRISE_SCHEMA]: enterprise } : {}),
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${appUrl}/scim/v2/Users/${id}`,
    },
  };
}

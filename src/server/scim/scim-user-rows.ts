import { and, eq, getTableColumns } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from "./scim-schemas";

const { passwordHash: _hash, ...columns } = getTableColumns(users);

/** A SCIM-managed person as SCIM shows them: the row and their department's display name. */
export const scimUserSelection = {
  ...columns,
  departmentName: departmentNameSql(users.email, users.department),
};

export function scimUsersQuery(db: Db | Tx) {
  return db.select(scimUserSelection).from(users);
}
export type ScimUserRow = Awaited<ReturnType<typeof scimUsersQuery>>[number];

export const isScimUser = (id: string) => and(eq(users.id, id), eq(users.scimManaged, true));

export async function findScimUser(db: Db | Tx, id: string): Promise<ScimUserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await scimUsersQuery(db).where(isScimUser(id));
  return row ?? null;
}

/** RFC 7643 §4.1 with the enterprise extension's department. */
export function presentScimUser(row: ScimUserRow, appUrl: string) {
  const formatted = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    id: row.id,
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.scimUserName ?? row.email,
    name: {
      ...(row.firstName ? { givenName: row.firstName } : {}),
      ...(row.lastName ? { familyName: row.lastName } : {}),
      ...(formatted ? { formatted } : {}),
    },
    ...(formatted ? { displayName: formatted } : {}),
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.isActive,
    [ENTERPRISE_SCHEMA]: row.departmentName ? { department: row.departmentName } : {},
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${appUrl}/scim/v2/Users/${row.id}`,
    },
  };
}

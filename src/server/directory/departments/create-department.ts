import { sql } from "drizzle-orm";
import {
  type AdminDepartment,
  type CreateDepartmentInput,
  departmentExistsMessage,
  departmentKeyOf,
} from "../../../shared/departments";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { departments } from "../../db/schema";
import { Conflict } from "../../errors";
import { requireGroup } from "../groups/find-group";
import { departmentListSql, displayNameTaken, lockDepartmentList } from "./lock-department-list";

/**
 * Adds a department to a group (or to the company-wide list for null) from the name people read;
 * its stored key is derived from that name (`departmentKeyOf`, with "-2", "-3"… when another
 * department of the list already has the key). A name the list already shows, in any case, is
 * refused with 409. Concurrency: the list's advisory lock serialises adds and renames, so the
 * check and the insert see the same list.
 */
export async function createDepartment(
  ctx: AppContext,
  groupId: number | null,
  input: CreateDepartmentInput,
): Promise<AdminDepartment> {
  if (groupId !== null) await requireGroup(ctx.db, groupId);
  return ctx.db.transaction(async (tx) => {
    await lockDepartmentList(tx, groupId);
    const existing = await displayNameTaken(tx, groupId, input.displayName);
    if (existing !== null) {
      throw new Conflict(departmentExistsMessage(existing, groupId !== null), "department_exists");
    }
    const name = await freeKey(tx, groupId, departmentKeyOf(input.displayName));
    const [row] = await tx
      .insert(departments)
      .values({ name, displayName: input.displayName, domainGroupId: groupId })
      .returning();
    return {
      id: row.id,
      name: row.name,
      displayName: row.displayName,
      domainGroupId: row.domainGroupId,
      userCount: 0,
    };
  });
}

/** `key`, or `key-2`, `key-3`… : the first the list does not hold yet (keys compare ignoring case). */
async function freeKey(tx: Tx, groupId: number | null, key: string): Promise<string> {
  const taken = await tx
    .select({ name: sql<string>`lower(${departments.name})` })
    .from(departments)
    .where(
      sql`${departmentListSql(groupId)} and (lower(${departments.name}) = ${key} or lower(${departments.name}) like ${`${key}-%`})`,
    );
  const used = new Set(taken.map((row) => row.name));
  if (!used.has(key)) return key;
  let n = 2;
  while (used.has(`${key}-${n}`)) n++;
  return `${key}-${n}`;
}

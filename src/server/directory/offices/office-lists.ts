import { asc, isNull, type SQL, sql } from "drizzle-orm";
import type { OfficeList, SaveOfficesInput } from "../../../shared/offices";
import type { AppContext } from "../../context";
import type { Db, Tx } from "../../db/client";
import { domainGroups, offices } from "../../db/schema";
import { BadRequest } from "../../errors";
import { groupOfEmail } from "../departments/department-lists";

const listSql = (groupId: number | null): SQL =>
  groupId === null ? isNull(offices.domainGroupId) : sql`${offices.domainGroupId} = ${groupId}`;

/** One list's office names, in the order the admin gave them. */
export async function officesOfGroup(db: Db | Tx, groupId: number | null): Promise<OfficeList> {
  const rows = await db
    .select({ name: offices.name })
    .from(offices)
    .where(listSql(groupId))
    .orderBy(asc(offices.id));
  return { domainGroupId: groupId, offices: rows.map((row) => row.name) };
}

/** Every kept list, by group (null: the company-wide list), for the roster sync. */
export async function officeNamesByGroup(db: Db | Tx): Promise<Map<number | null, string[]>> {
  const rows = await db
    .select({ groupId: offices.domainGroupId, name: offices.name })
    .from(offices)
    .orderBy(asc(offices.id));
  const lists = new Map<number | null, string[]>();
  for (const row of rows) lists.set(row.groupId, [...(lists.get(row.groupId) ?? []), row.name]);
  return lists;
}

/** The list a person picks from: their group's, else the company-wide one (as departments). */
export async function officesOfEmail(db: Db, email: string): Promise<OfficeList> {
  return officesOfGroup(db, await groupOfEmail(db, email));
}

/**
 * The office a person may keep, as their list spells it: with no list kept, any name (as typed);
 * with one, a name on it (any case), else null. Used by the profile, SCIM and the imports.
 */
export function officeOnList(list: OfficeList, name: string): string | null {
  if (list.offices.length === 0) return name;
  const wanted = name.trim().toLowerCase();
  return list.offices.find((office) => office.toLowerCase() === wanted) ?? null;
}

/** Replaces one list whole (docs/admin-console.md, "Offices"). */
export async function saveOffices(
  ctx: Pick<AppContext, "db">,
  input: SaveOfficesInput,
): Promise<OfficeList> {
  const groupId = input.domainGroupId;
  if (groupId !== null) {
    const [group] = await ctx.db
      .select({ id: domainGroups.id })
      .from(domainGroups)
      .where(sql`${domainGroups.id} = ${groupId}`);
    if (!group) throw new BadRequest("Choose a group that exists, or none for the company list.");
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(offices).where(listSql(groupId));
    if (input.offices.length > 0) {
      await tx
        .insert(offices)
        .values(input.offices.map((name) => ({ domainGroupId: groupId, name: name.trim() })));
    }
  });
  return officesOfGroup(ctx.db, groupId);
}

import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { departments } from "../../db/schema";

/**
 * Each group's active departments (null: the company-wide list), for reading a department named in
 * a file: its lowercased name and lowercased display name both lead to the stored name.
 */
export async function departmentNamesByGroup(
  db: Db,
): Promise<Map<number | null, Map<string, string>>> {
  const rows = await db
    .select({
      name: departments.name,
      displayName: departments.displayName,
      groupId: departments.domainGroupId,
    })
    .from(departments)
    .where(eq(departments.isActive, true));
  const byGroup = new Map<number | null, Map<string, string>>();
  for (const row of rows) {
    const names = byGroup.get(row.groupId) ?? new Map<string, string>();
    names.set(row.displayName.toLowerCase(), row.name);
    names.set(row.name.toLowerCase(), row.name);
    byGroup.set(row.groupId, names);
  }
  return byGroup;
}

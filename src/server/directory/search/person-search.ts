import { and, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { departments, users } from "../../db/schema";
import { departmentNameSql } from "../departments/department-name";

/*
 * The admin's search for people, shared by the user list (people/users/list-users.ts) and the
 * current pairings (pairings/current), which asks it once per word of its search.
 */

/**
 * One text per person: "first last", e-mail and department, joined by chr(1) so a search cannot
 * span two fields. The same expression carries the trigram index of migration 0007 (when the
 * database has pg_trgm), which serves ILIKE '%…%' searches without reading every row.
 */
const searchTextSql = sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '') || chr(1) || ${users.email} || chr(1) || coalesce(${users.department}, ''))`;

/**
 * Case-insensitive substring of the name, full name, e-mail or department, the department by its
 * key or by the name people read (looked up only for the keys of departments whose name matches).
 */
export async function searchSql(ctx: AppContext, q: string | undefined): Promise<SQL | undefined> {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const named = await ctx.db
    .selectDistinct({ name: departments.name })
    .from(departments)
    .where(ilike(departments.displayName, pattern));
  const text = sql`${searchTextSql} ilike ${pattern}`;
  if (named.length === 0) return text;
  const keys = named.map((d) => d.name);
  return or(
    text,
    and(
      inArray(users.department, keys),
      sql`${departmentNameSql(users.email, users.department)} ilike ${pattern}`,
    ),
  );
}

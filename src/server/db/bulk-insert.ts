import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

/** Rows per JSON INSERT: a few megabytes of text at a time, however many rows there are. */
const JSON_CHUNK = 5000;

/**
 * Inserts many rows as JSON parameters (`json_populate_recordset`), one statement per 5,000 rows:
 * one value instead of a value per cell, which is several times faster for seeding thousands of
 * rows, and the JSON text of only one slice exists at a time (the sample company of 100,000 people
 * has over a million rows to seed; docs/performance.md, "Company scale"). Every row names the same
 * fields (the table's property names); columns no row names keep their defaults. With `returning`,
 * resolves with that column of every inserted row, in the order of `rows` (rows the conflict
 * clause skipped are left out). For rows the app builds itself (seeding, a send log's entries):
 * values are not validated beyond the column types.
 */
export async function insertAsJson<T extends PgTable>(
  tx: Db | Tx,
  table: T,
  rows: Array<Partial<T["$inferInsert"]>>,
  options: { onConflictDoNothing?: boolean; returning?: keyof T["$inferSelect"] & string } = {},
): Promise<unknown[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]);
  const names = keys.map((key) => columns[key].name);
  const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const conflict = sql.raw(options.onConflictDoNothing ? "on conflict do nothing" : "");
  const returning = options.returning
    ? sql.raw(`returning "${columns[options.returning].name}" as value`)
    : sql.raw("");
  const out: unknown[] = [];
  for (let from = 0; from < rows.length; from += JSON_CHUNK) {
    const json = JSON.stringify(
      rows
        .slice(from, from + JSON_CHUNK)
        .map((row) =>
          Object.fromEntries(
            keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key]]),
          ),
        ),
    );
    const result = await tx.execute(
      sql`insert into ${tableName} (${list}) select ${list}
        from json_populate_recordset(null::${tableName}, ${json}::json) ${conflict} ${returning}`,
    );
    if (options.returning) {
      out.push(
        ...(result as unknown as { rows: Array<{ value: unknown }> }).rows.map((r) => r.value),
      );
    }
  }
  return out;
}

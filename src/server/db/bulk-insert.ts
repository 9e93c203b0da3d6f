import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./client";

/** Rows per INSERT: a statement may carry at most 65,535 parameters. */
const INSERT_CHUNK = 1000;

/** `rows` in slices small enough for one INSERT each. */
export function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}

/**
 * Inserts many rows as one JSON parameter (`json_populate_recordset`): one statement with one
 * value instead of a value per cell, which is several times faster for seeding thousands of rows.
 * Every row names the same fields (the table's property names); columns no row names keep their
 * defaults. For seeding only: values are not validated beyond the column types.
 */
export async function insertAsJson<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: Array<Partial<T["$inferInsert"]>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0]);
  const names = keys.map((key) => columns[key].name);
  const json = rows.map((row) =>
    Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key]])),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
  const tableName = sql.raw(`"${getTableName(table)}"`);
  await tx.execute(
    sql`insert into ${tableName} (${list}) select ${list}
      from json_populate_recordset(null::${tableName}, ${JSON.stringify(json)}::json)`,
  );
}

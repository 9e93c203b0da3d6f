import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

interface Replacement {
  from: string;
  to: string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** How a string appears inside a JSON document's text. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * Replaces `from` by `to` (case-insensitively) in every text and JSON column of every table but
 * `users`, so no copy of an erased address or name survives in a send log, a completed record, an
 * activity line or a stored mail (docs/privacy.md "Deleting an account"). It walks the schema
 * rather than a list, so a new column is scrubbed too; each column is one statement.
 */
export async function scrubEverywhere(tx: Tx, replacements: Replacement[]): Promise<void> {
  const result = await tx.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and table_name <> 'users'
      and data_type in ('text', 'jsonb', 'character varying')
    order by table_name, column_name`);
  const columns = (result as unknown as { rows: Array<Record<string, string>> }).rows;
  for (const { from, to } of replacements) {
    for (const column of columns) await scrubColumn(tx, column, from, to);
  }
}

async function scrubColumn(
  tx: Tx,
  column: Record<string, string>,
  from: string,
  to: string,
): Promise<void> {
  const table = sql.identifier(column.table_name);
  const name = sql.identifier(column.column_name);
  if (column.data_type === "jsonb") {
    const pattern = escapeRegex(inJson(from));
    await tx.execute(sql`update ${table} set ${name} =
      regexp_replace(${name}::text, ${pattern}, ${inJson(to)}, 'gi')::jsonb
      where strpos(lower(${name}::text), lower(${inJson(from)})) > 0`);
    return;
  }
  await tx.execute(sql`update ${table} set ${name} =
    regexp_replace(${name}, ${escapeRegex(from)}, ${to}, 'gi')
    where strpos(lower(${name}), lower(${from})) > 0`);
}

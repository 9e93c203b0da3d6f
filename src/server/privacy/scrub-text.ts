import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

export interface ErasedTraces {
  /** The address as it was, matched whole and ignoring case. */
  email: string;
  /** What the address becomes. */
  to: string;
  /** Their full name, replaced only inside a value that also holds their address; null: none. */
  name: string | null;
  /** What the name becomes. */
  nameTo: string;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** How a string appears inside a JSON document's text. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The address as a whole address inside a text (PostgreSQL's regular expressions): never the
 * tail of a longer one (`al@acme.test` inside `val@acme.test`) nor the head of a longer domain.
 */
export const wholeAddress = (email: string) =>
  `(?<![A-Za-z0-9._%+-])${escapeRegex(email)}(?![A-Za-z0-9_%+-]|\\.[A-Za-z0-9])`;

/** A name as whole words: "Ann Lee" is not inside "Joann Leeds". */
const wholeName = (name: string) => `(?<![[:alnum:]_])${escapeRegex(name)}(?![[:alnum:]_])`;

/**
 * Replaces an erased person's address, matched whole, in every text and JSON column of every
 * table but `users` (docs/privacy.md "Deleting an account"): in an address column that is a
 * whole-value match, and inside a text (a stored mail, an error, a log entry) an address that
 * is not part of a longer one. Their name is replaced only inside a value that holds their
 * address, i.e. a text about them; it is never searched for elsewhere, so a department, a
 * reason or another person called like them keeps its text. The schema is walked rather than a
 * list, so a new column is treated too; each column is one statement.
 */
export async function scrubAddressEverywhere(tx: Tx, traces: ErasedTraces): Promise<void> {
  const result = await tx.execute(sql`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = 'public' and table_name <> 'users'
      and data_type in ('text', 'jsonb', 'character varying')
    order by table_name, column_name`);
  const columns = (result as unknown as { rows: Array<Record<string, string>> }).rows;
  for (const column of columns) await scrubColumn(tx, column, traces);
}

async function scrubColumn(
  tx: Tx,
  column: Record<string, string>,
  { email, to, name, nameTo }: ErasedTraces,
): Promise<void> {
  const table = sql.identifier(column.table_name);
  const json = column.data_type === "jsonb";
  const value = json
    ? sql`${sql.identifier(column.column_name)}::text`
    : sql.identifier(column.column_name);
  const address = wholeAddress(json ? inJson(email) : email);
  const withoutAddress = sql`regexp_replace(${value}, ${address}, ${json ? inJson(to) : to}, 'gi')`;
  const replaced = name
    ? sql`regexp_replace(${withoutAddress}, ${wholeName(json ? inJson(name) : name)}, ${json ? inJson(nameTo) : nameTo}, 'gi')`
    : withoutAddress;
  await tx.execute(sql`update ${table} set ${sql.identifier(column.column_name)} =
    ${json ? sql`(${replaced})::jsonb` : replaced}
    where strpos(lower(${value}), lower(${email})) > 0 and ${value} ~* ${address}`);
}

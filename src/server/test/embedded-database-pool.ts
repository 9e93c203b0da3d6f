import { type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client";

/**
 * The embedded databases of a test worker's finished files, emptied for its next file. A file's
 * fresh database was a PGlite started from the migrated snapshot (over a second each); emptying a
 * finished one takes a few statements (docs/performance.md, "The test suite"). Emptied means as
 * migrated: every table of the app's schema that holds a row emptied, the rows the migrations
 * insert put back, every sequence where the migrations left it.
 */
const idle: Database[] = [];

/** What a migrated database holds, read from the first one a worker opens. */
interface MigratedState {
  /** The app's tables, to notice a file that dropped or renamed one (that database is closed). */
  tables: string[];
  /** The names of the tables that hold a row, in one statement. */
  tablesHoldingRows: SQL;
  /** The rows the migrations insert, per table, as JSON. */
  rows: { table: string; json: string }[];
  /** `select setval(…), …` putting every sequence back. */
  sequences: string;
}

let migrated: MigratedState | undefined;

/** A finished file's emptied database, or undefined when there is none. */
export async function takeEmptiedDatabase(): Promise<Database | undefined> {
  const database = idle.pop();
  return database && lease(database);
}

/** Hands out `database` until its `close`, which empties it for the next file instead of closing it. */
export async function lease(database: Database): Promise<Database> {
  migrated ??= await readMigratedState(database.db);
  let open = true;
  return {
    ...database,
    // A query started after close (a late write of a finished file) fails, as on a closed database,
    // instead of landing in the next file's data.
    db: new Proxy(database.db, {
      get(target, property, receiver) {
        if (!open) throw new Error("The test database is closed");
        return Reflect.get(target, property, receiver);
      },
    }),
    async close() {
      if (!open) return;
      open = false;
      if (await emptied(database.db)) idle.push(database);
      else await database.close();
    },
  };
}

async function readMigratedState(db: Db): Promise<MigratedState> {
  const tables = await tableList(db);
  const rows: MigratedState["rows"] = [];
  for (const table of tables) {
    const [found] = await rowsOf<{ json: string | null }>(
      db,
      sql`select json_agg(t)::text as json from ${sql.identifier(table)} t`,
    );
    if (found?.json) rows.push({ table, json: found.json });
  }
  const names = await rowsOf<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S'`,
  );
  const sequences: string[] = [];
  for (const { name } of names) {
    const [state] = await rowsOf<{ value: string; called: boolean }>(
      db,
      sql`select last_value::text as value, is_called as called from ${sql.identifier(name)}`,
    );
    sequences.push(`setval('"${name}"', ${state.value}, ${state.called})`);
  }
  return {
    tables,
    tablesHoldingRows: sql.join(
      tables.map(
        (table) =>
          sql`select ${table}::text as name where exists (select 1 from ${sql.identifier(table)})`,
      ),
      sql` union all `,
    ),
    rows,
    sequences: `select ${sequences.join(", ")}`,
  };
}

async function tableList(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

/** Empties the database as migrated; false when its tables are not the migrated ones any more. */
async function emptied(db: Db): Promise<boolean> {
  if (!migrated || (await tableList(db)).join() !== migrated.tables.join()) return false;
  await db.execute(sql`select pg_advisory_unlock_all()`);
  await db.execute(sql`reset all`);
  // A file writes to a few of the app's tables: those are emptied row by row and vacuumed, which
  // costs a fifth of truncating every table (a new file for each table and index; decision
  // 0037, amended). The replica role lets the rows go in any order (no foreign key is checked)
  // and keeps the tables' own triggers from writing while they are emptied.
  const held = await rowsOf<{ name: string }>(db, migrated.tablesHoldingRows);
  if (held.length > 0) {
    await db.execute(sql`set session_replication_role = replica`);
    for (const { name } of held) await db.execute(sql`delete from ${sql.identifier(name)}`);
    await db.execute(sql`reset session_replication_role`);
    const names = held.map(({ name }) => sql.identifier(name));
    await db.execute(sql`vacuum ${sql.join(names, sql`, `)}`);
  }
  for (const { table, json } of migrated.rows)
    await db.execute(
      sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  await db.execute(sql.raw(migrated.sequences));
  return true;
}

async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

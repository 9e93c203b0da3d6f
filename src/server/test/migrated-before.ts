import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../db/client";
import { readUnmigratedSnapshot } from "./migrated-snapshot";

/**
 * An embedded database migrated up to migration `idx` (not included), for a migration's test: it
 * stores rows the way the schema was then, runs the remaining migrations, and compares.
 */
export async function databaseMigratedBefore(idx: number) {
  const dir = mkdtempSync(path.join(tmpdir(), `coj-before-${idx}-`));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: readUnmigratedSnapshot() });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: dir });
  return {
    client,
    migrateTheRest: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

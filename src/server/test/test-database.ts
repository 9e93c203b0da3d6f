import { type Database, type OpenDatabaseOptions, openDatabase } from "../db/client";
import { lease, takeEmptiedDatabase } from "./embedded-database-pool";
import { readMigratedSnapshot } from "./migrated-snapshot";
import { migratedTemplateName } from "./migrated-template";
import { createServerDatabase } from "./postgres-server";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (an earlier file's,
 * emptied, when its worker has one), or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, "logQuery"> = {},
): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A statement log belongs to one database, which is closed with its file.
    if (options.logQuery) return openMigratedEmbedded(options);
    return createEmbeddedTestDatabase();
  }
  // A copy of the run's migrated template database; migrate() then finds nothing to do.
  const server = await createServerDatabase(serverUrl, { template: migratedTemplateName() });
  const database = await openDatabase({ ...options, databaseUrl: server.url, poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: server.url,
    async close() {
      await database.close();
      await server.close();
    },
  };
}

/** An embedded database: a finished file's, emptied, or else a new one (embedded-database-pool.ts). */
export async function createEmbeddedTestDatabase(): Promise<Database> {
  // Outside a Vitest worker (the benchmarks) no next file would take it, and an open PGlite
  // keeps the process from exiting: closed is closed there.
  if (!process.env.VITEST) return openMigratedEmbedded();
  return (await takeEmptiedDatabase()) ?? lease(await openMigratedEmbedded());
}

/** From the suite's migrated snapshot when there is one; migrate() then finds nothing to do. */
export async function openMigratedEmbedded(options: Pick<OpenDatabaseOptions, "logQuery"> = {}) {
  const database = await openDatabase({ ...options, loadDataDir: readMigratedSnapshot() });
  await database.migrate();
  return database;
}

import pg from "pg";
import { openDatabase } from "../db/client";
import { migrationsKey } from "./migrated-snapshot";

/**
 * The name of the migrated database on TEST_DATABASE_URL's server that each test file's database
 * is copied from (CREATE DATABASE … TEMPLATE), keyed like the embedded snapshot, so a file's set-up
 * is a copy instead of every migration (docs/performance.md, "The test suite").
 */
export function migratedTemplateName(): string {
  return `coj_migrated_${migrationsKey()}`;
}

/** Makes the template database unless the server has it already (the unit global set-up calls this). */
export async function ensureMigratedTemplate(serverUrl: string): Promise<void> {
  const name = migratedTemplateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return;
    // Migrated under another name and renamed, so a file never copies a half-migrated database.
    const partial = `${name}_${process.pid}`;
    await admin.query(`create database ${partial}`);
    const url = new URL(serverUrl);
    url.pathname = `/${partial}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${partial} rename to ${name}`);
  } finally {
    await admin.end();
  }
}

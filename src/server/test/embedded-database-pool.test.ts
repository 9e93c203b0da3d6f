import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../db/client";
import { createDepartment, createPairing, createUser } from "./factories";
import { createEmbeddedTestDatabase, openMigratedEmbedded } from "./test-database";

/** Every table's rows and every sequence's position: what a file may find when it starts. */
async function stateOf(db: Db): Promise<Record<string, unknown>> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const state: Record<string, unknown> = {};
  for (const { name } of await rows(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  ))
    state[`table ${name}`] = await rows(sql`select * from ${sql.identifier(String(name))}`);
  for (const { name } of await rows(
    sql`select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by relname`,
  ))
    state[`sequence ${name}`] = await rows(
      sql`select last_value, is_called from ${sql.identifier(String(name))}`,
    );
  return state;
}

/** Some of everything a test file writes: people, a department, a pairing, a held lock. */
async function useLikeATestFile(db: Db) {
  const department = await createDepartment(db, { name: "Roasting" });
  await createUser(db, { email: "first@pool.test", department: department.name });
  await createUser(db, { email: "second@pool.test" });
  await createPairing(db, { month: "2027-01" });
  await db.execute(sql`select pg_advisory_lock(4242)`);
}

/** When the instance started: the same for a database handed on, new for a new one. */
async function startedAt(db: Db): Promise<string> {
  const result = await db.execute(sql`select pg_postmaster_start_time()::text as at`);
  return (result as unknown as { rows: { at: string }[] }).rows[0].at;
}

describe("a test file's embedded database", () => {
  let fresh: Record<string, unknown>;
  beforeAll(async () => {
    const database = await openMigratedEmbedded();
    fresh = await stateOf(database.db);
    await database.close();
  });

  const opened: Database[] = [];
  const open = async () => {
    const database = await createEmbeddedTestDatabase();
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it("comes to the next file as migrated: no rows of the last, seeded rows and sequences back", async () => {
    const first = await open();
    await useLikeATestFile(first.db);
    expect(await stateOf(first.db)).not.toEqual(fresh);
    const instance = await startedAt(first.db);
    await first.close();

    const next = await open();
    expect(await startedAt(next.db)).toBe(instance);
    expect(await stateOf(next.db)).toEqual(fresh);
    await useLikeATestFile(next.db);
  });

  it("refuses the finished file's queries once it is closed", async () => {
    const database = await open();
    await database.close();
    expect(() => database.db.select()).toThrow("The test database is closed");
  });

  it("is not handed on with a table renamed by a fault test", async () => {
    const broken = await open();
    await broken.db.execute(sql`alter table users rename to users_gone`);
    const instance = await startedAt(broken.db);
    await broken.close();

    const next = await open();
    expect(await startedAt(next.db)).not.toBe(instance);
    expect(await stateOf(next.db)).toEqual(fresh);
  });
});

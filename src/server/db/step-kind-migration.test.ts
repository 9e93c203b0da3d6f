import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0030 renames round_steps.step to kind (docs/rounds.md, "Exactly once, whatever
// runs"): every written-down step keeps its kind, state and due time.

type Row = Record<string, unknown>;

describe("migration 0030: a round step's kind", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let client: PGlite;
  let before: Row[];

  beforeAll(async () => {
    database = await databaseMigratedBefore(30);
    client = database.client;
    for (const [step, state] of [
      ["draft", "done"],
      ["publish", "pending"],
      ["check-in", "pending"],
      ["reminder", "pending"],
    ]) {
      await client.query(
        "insert into round_steps (scope_key, month, step, due_at, state) values ('all', '2027-03', $1, '2027-03-01T09:00:00Z', $2)",
        [step, state],
      );
    }
    before = (
      await client.query<Row>("select id, step as kind, state, due_at from round_steps order by id")
    ).rows;
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("keeps every step, its kind now in the column kind", async () => {
    const after = await client.query<Row>(
      "select id, kind, state, due_at from round_steps order by id",
    );
    expect(after.rows).toEqual(before);
    const columns = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'round_steps'",
    );
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toContain("kind");
    expect(names).not.toContain("step");
  });

  it("still refuses an unknown kind and a second step of the same kind", async () => {
    const insert = (kind: string) =>
      client.query(
        "insert into round_steps (scope_key, month, kind, due_at) values ('all', '2027-03', $1, now())",
        [kind],
      );
    await expect(insert("stage")).rejects.toThrow(/round_steps_kind_check/);
    await expect(insert("draft")).rejects.toThrow(/round_steps_once/);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { calledOffNote } from "../../shared/rounds";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0107 writes the notes of rounds called off before `calledOffNote` named the month as
// people read it (docs/rounds.md, "Catch-up") the way the timeline writes them now.

let database: Awaited<ReturnType<typeof databaseMigratedBefore>> | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe("migration 0107: called-off notes name the month as people read it", () => {
  it("rewrites the old notes and leaves every other note as it was", async () => {
    database = await databaseMigratedBefore(107);
    const { client } = database;
    const notes = [
      "Called off: the 2027-06 round came due first.",
      "Called off: the 2026-12 round came due first.",
      "Skipped by an admin.",
      "Not held: the June 2027 round was completed first.",
    ];
    for (const [i, note] of notes.entries()) {
      await client.query(
        `insert into round_steps (scope_key, month, kind, due_at, state, note)
         values ('all', $1, 'draft', now(), 'skipped', $2)`,
        [`2027-0${i + 1}`, note],
      );
    }
    await database.migrateTheRest();
    const after = await client.query<{ note: string }>("select note from round_steps order by id");
    expect(after.rows.map((r) => r.note)).toEqual([
      calledOffNote("2027-06"),
      calledOffNote("2026-12"),
      ...notes.slice(2),
    ]);
    expect(calledOffNote("2026-12")).toBe("Called off: the December 2026 round came due first.");
  }, 120_000);
});

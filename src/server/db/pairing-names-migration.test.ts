import { afterEach, describe, expect, it } from "vitest";
import { readablePairingName } from "../../shared/pairing-file-names";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0105 renames every stored pairing, and every completed record with its own `name`,
// as the pages name them (`readablePairingName`, docs/pairings.md "Completing and the pairing
// files"), so the database and an export never disagree with a screen.

type Database = Awaited<ReturnType<typeof databaseMigratedBefore>>;
type Old = { name: string; month: string; run: number; group: string | null };

const OLD: Old[] = [
  { name: "March 2027 — Acme Corp", month: "2027-03", run: 1, group: "Acme Corp" },
  { name: "March 2027 — Acme Corp", month: "2027-03", run: 2, group: "Acme Corp" },
  { name: "November 2026 — All Users", month: "2026-11", run: 1, group: null },
  { name: "January 2027 — All Users", month: "2027-01", run: 28, group: null },
];

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function migratedNames(withGroup: boolean) {
  database = await databaseMigratedBefore(104);
  const { client } = database;
  if (withGroup) {
    await client.query(
      "insert into domain_groups (name, display_name) values ('acme', 'Acme Corp')",
    );
  }
  for (const [i, old] of OLD.entries()) {
    const content = { name: old.name, month: old.month, domainGroup: old.group, matches: [] };
    await client.query(
      `insert into pairings (name, month, scope_key, domain_group_name, run_of_month, status)
       values ($1, $2, 'all', $3, $4, 'completed')`,
      [old.name, old.month, old.group, old.run],
    );
    await client.query(
      `insert into completed_pairings (file_name, name, month, domain_group_name, run_of_month, match_count, content)
       values ($1, $2, $3, $4, $5, 0, $6::jsonb)`,
      [`pairing-${i}.json`, old.name, old.month, old.group, old.run, JSON.stringify(content)],
    );
  }
  await database.migrateTheRest();
  const pairings = await client.query<{ name: string }>("select name from pairings order by id");
  const records = await client.query<{ name: string; content: { name: string; month: string } }>(
    "select name, content from completed_pairings order by id",
  );
  return { pairings: pairings.rows.map((r) => r.name), records: records.rows };
}

const shown = (groups: boolean) =>
  OLD.map((old) =>
    readablePairingName(
      { month: old.month, runOfMonth: old.run, domainGroupName: old.group },
      { groups },
    ),
  );

describe("migration 0105: pairings named as the pages name them", () => {
  it("renames pairings and records, All Users said only when the company has a group", async () => {
    const after = await migratedNames(true);
    expect(shown(true)).toEqual([
      "March 2027 – Acme Corp",
      "March 2027 (run B) – Acme Corp",
      "November 2026 – All Users",
      "January 2027 (run AB) – All Users",
    ]);
    expect(after.pairings).toEqual(shown(true));
    expect(after.records.map((r) => r.name)).toEqual(shown(true));
    // The record's own name is the export's; the rest of its content is kept.
    expect(after.records.map((r) => r.content)).toEqual(
      OLD.map((old, i) => expect.objectContaining({ name: shown(true)[i], month: old.month })),
    );
  }, 120_000);

  it("names a company-wide pairing by its month alone in a company without groups", async () => {
    const after = await migratedNames(false);
    expect(after.pairings.slice(2)).toEqual(["November 2026", "January 2027 (run AB)"]);
    expect(after.pairings).toEqual(shown(false));
  }, 120_000);
});

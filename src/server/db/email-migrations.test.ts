import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migrations 0018 (addresses checked lowercase) and 0019 (a send log's entries a row each) on
// rows stored the way the schema was before them: nothing is lost and the order is kept.
const entry = (n: number) => ({
  user_email: `person${n}@acme.test`,
  match_email: n % 2 ? null : `partner${n}@acme.test`,
  send_status: n % 3 ? "success" : "failed",
  validation_issues: n === 4 ? [`person${n}@acme.test is unpaired`] : [],
});

describe("migrations 0018 and 0019", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  const logs = [Array.from({ length: 7 }, (_, n) => entry(n)), [], [entry(40)]];

  beforeAll(async () => {
    database = await databaseMigratedBefore(18);
    await database.client.query(
      "insert into users (email) values ('Mixed.Case@Acme.test'), ('plain@acme.test')",
    );
    for (const [i, entries] of logs.entries()) {
      await database.client.query(
        `insert into email_logs (newsletter_id, newsletter_title, month, year, sent_at, entries)
         values ($1, 'News', 3, 2027, now(), $2::jsonb)`,
        [i + 1, JSON.stringify(entries)],
      );
    }
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("stores every address lowercased and refuses one that is not", async () => {
    const { rows } = await database.client.query<{ email: string }>(
      "select email from users order by email",
    );
    expect(rows.map((r) => r.email)).toEqual(["mixed.case@acme.test", "plain@acme.test"]);
    await expect(
      database.client.query("insert into users (email) values ('Upper@acme.test')"),
    ).rejects.toThrow(/users_email_lowercase_check/);
  });

  it("keeps every entry of every send log, in send order", async () => {
    const { rows } = await database.client.query<{ newsletter_id: number; entries: unknown[] }>(
      `select l.newsletter_id, coalesce(jsonb_agg(e.entry order by e.position)
           filter (where e.position is not null), '[]'::jsonb) as entries
       from email_logs l left join email_log_entries e on e.log_id = l.id
       group by l.newsletter_id order by l.newsletter_id`,
    );
    expect(rows).toEqual(logs.map((entries, i) => ({ newsletter_id: i + 1, entries })));
    const positions = await database.client.query<{ position: number }>(
      "select position from email_log_entries order by log_id, position",
    );
    expect(positions.rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 0]);
  });
});

import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleFileContent, samplePeople, sampleRounds } from "../../shared/sample-company";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0014 on a copy of the sample company stored the way migration 0013 left it (members
// and answers in matches.user1…user3): every match, member, answer and completed file survives.
const NOW = new Date("2027-03-10T09:00:00Z");
// 61 people: a company whose rounds hold a trio, whose third member the migration must keep.
const people = samplePeople(61);
const rounds = sampleRounds(people, NOW);

type Row = Record<string, unknown>;

/** A completed-pairing row without its name and its content's name. */
function unnamed({ name: _name, content, ...row }: Row): Row {
  const { name: _contentName, ...rest } = content as Row;
  return { ...row, content: rest };
}

describe("migration 0014: members move to match_members", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let client: PGlite;
  let before: Row[];
  let filesBefore: Row[];

  beforeAll(async () => {
    database = await databaseMigratedBefore(14);
    client = database.client;
    await seedAt0013(client);
    before = await oldMembers(client);
    filesBefore = (await client.query<Row>("select * from completed_pairings order by id")).rows;
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("keeps every member of every match, in order, with their answer and its time", async () => {
    // A later migration (0028) stores the answer as met / not_yet / skip (none while pending);
    // read back as the statuses it was then, the same answers stay.
    const after = (
      await client.query<Row>(
        `select match_id, user_id, position,
           case when answer is null then 'pending' when answer = 'met' then 'confirmed'
             else 'not_confirmed' end as connection_status,
           answered_at as confirmed_at
         from match_members order by match_id, position`,
      )
    ).rows;
    expect(before.length).toBeGreaterThan(100);
    expect(before.some((r) => r.position === 3)).toBe(true);
    expect(after).toEqual(before);
  });

  it("keeps every match and every completed-pairing file unchanged", async () => {
    const matches = await client.query<{ n: number }>("select count(*)::int as n from matches");
    expect(matches.rows[0].n).toBe(rounds.reduce((n, r) => n + r.matches.length, 0));
    // A later migration (0027) renamed group_number to run_of_month; the values stay. Another
    // (0105) names each record as the pages do (its own test): the names are left out here.
    const files = (await client.query<Row>("select * from completed_pairings order by id")).rows;
    const renamed = files.map(({ run_of_month, ...file }) => ({
      ...file,
      group_number: run_of_month,
    }));
    expect(renamed.map(unnamed)).toEqual(filesBefore.map(unnamed));
    const columns = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'matches'",
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain("user1_id");
  });

  it("gives everyone the one-to-one preference", async () => {
    const sizes = await client.query<{ size: number; n: number }>(
      "select preferred_group_size as size, count(*)::int as n from users group by 1",
    );
    expect(sizes.rows).toEqual([{ size: 2, n: people.length }]);
  });
});

/** The sample company's people, rounds, answers and files as the 0013 schema stored them. */
async function seedAt0013(client: PGlite) {
  const ids: string[] = [];
  for (const p of people) {
    const { rows } = await client.query<{ id: string }>(
      "insert into users (email, first_name, last_name) values ($1, $2, $3) returning id",
      [p.email, p.firstName, p.lastName],
    );
    ids.push(rows[0].id);
  }
  for (const round of rounds) {
    const done = round.monthsAgo > 0;
    const { rows } = await client.query<{ id: number }>(
      `insert into pairings (name, month, scope_key, status) values ($1, $2, 'all', $3) returning id`,
      [round.month, round.month, done ? "completed" : "active"],
    );
    for (const [g, match] of round.matches.entries()) {
      const slot = (k: number) => (match.members[k] === undefined ? null : ids[match.members[k]]);
      const at = (k: number) =>
        match.answers[k] === undefined || match.answers[k] === "pending"
          ? null
          : new Date(round.publishedAt.getTime() + (g + k) * 60_000);
      await client.query(
        `insert into matches (pairing_id, month, user1_id, user2_id, user3_id, status,
           user1_connection_status, user2_connection_status, user3_connection_status,
           user1_confirmed_at, user2_confirmed_at, user3_confirmed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          rows[0].id,
          round.month,
          slot(0),
          slot(1),
          slot(2),
          done ? "completed" : "active",
          match.answers[0],
          match.answers[1],
          match.answers[2] ?? null,
          at(0),
          at(1),
          at(2),
        ],
      );
    }
    if (done) {
      await client.query(
        `insert into completed_pairings (file_name, pairing_id, name, month, match_count, content)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          `${round.month}-1.json`,
          rows[0].id,
          round.month,
          round.month,
          round.matches.length,
          JSON.stringify(sampleFileContent(round, people)),
        ],
      );
    }
  }
}

/** Each member of each match as the 0013 columns hold them, in the shape of match_members. */
async function oldMembers(client: PGlite): Promise<Row[]> {
  const { rows } = await client.query<Row>(
    `select * from (
       select id as match_id, user1_id as user_id, 1 as position,
         user1_connection_status as connection_status, user1_confirmed_at as confirmed_at from matches
       union all select id, user2_id, 2, user2_connection_status, user2_confirmed_at from matches
       union all select id, user3_id, 3, user3_connection_status, user3_confirmed_at from matches
         where user3_id is not null) m order by match_id, position`,
  );
  return rows;
}

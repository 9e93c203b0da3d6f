import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0028 on answers stored the way migration 0027 left them: the member's connection
// status on match_members and, for check-in presses, the three-way answer again on check_ins.
// Each member's one answer afterwards is what the check-in page showed (docs/check-ins.md).

type Status = "pending" | "confirmed" | "not_confirmed";
interface Case {
  name: string;
  status: Status;
  /** The check-in row's answer; undefined: no row, null: asked but no answer. */
  checkIn?: "met" | "not_yet" | "skip" | null;
  expected: "met" | "not_yet" | "skip" | null;
}

const cases: Case[] = [
  { name: "never answered", status: "pending", expected: null },
  { name: "asked, never answered", status: "pending", checkIn: null, expected: null },
  { name: "met on the Matches page", status: "confirmed", expected: "met" },
  { name: "met on the check-in page", status: "confirmed", checkIn: "met", expected: "met" },
  {
    name: "not yet on the check-in page",
    status: "not_confirmed",
    checkIn: "not_yet",
    expected: "not_yet",
  },
  {
    name: "skipped on the check-in page",
    status: "not_confirmed",
    checkIn: "skip",
    expected: "skip",
  },
  { name: "missed on the Matches page", status: "not_confirmed", expected: "skip" },
  {
    name: "not yet, then met on the Matches page",
    status: "confirmed",
    checkIn: "not_yet",
    expected: "met",
  },
  {
    name: "met, then missed on the Matches page",
    status: "not_confirmed",
    checkIn: "met",
    expected: "skip",
  },
];

const AT = new Date("2027-03-10T09:00:00Z");
const CHECK_IN_AT = new Date("2027-03-09T09:00:00Z");

type Row = Record<string, unknown>;

describe("migration 0028: one store for a member's answer", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let client: PGlite;
  let ids: { matchId: number; userId: string; partnerId: string }[];
  let repaired: { oldMatch: number; newMatch: number; userId: string };
  let checkInsBefore: Row[];

  beforeAll(async () => {
    database = await databaseMigratedBefore(28);
    client = database.client;
    ({ ids, repaired } = await seedAt0027(client));
    checkInsBefore = (
      await client.query<Row>(
        "select id, pairing_id, match_id, user_id, asked_at, sent_at, reminded_at, reminder_sent_at from check_ins order by id",
      )
    ).rows;
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  const answerOf = async (matchId: number, userId: string) =>
    (
      await client.query<{ answer: string | null; answered_at: Date | null }>(
        "select answer, answered_at from match_members where match_id = $1 and user_id = $2",
        [matchId, userId],
      )
    ).rows[0];

  it("gives each member the answer the check-in page showed, with its time", async () => {
    for (const [i, c] of cases.entries()) {
      const { matchId, userId, partnerId } = ids[i];
      const after = await answerOf(matchId, userId);
      expect(after.answer, c.name).toBe(c.expected);
      expect(after.answered_at, c.name).toEqual(c.expected === null ? null : AT);
      // The partner never answered and still has no answer.
      expect(await answerOf(matchId, partnerId), c.name).toEqual({
        answer: null,
        answered_at: null,
      });
    }
  });

  it("leaves someone re-paired since their check-in without an answer in the new match", async () => {
    expect((await answerOf(repaired.newMatch, repaired.userId)).answer).toBeNull();
    expect((await answerOf(repaired.oldMatch, repaired.userId)).answer).toBe("not_yet");
  });

  it("keeps every check-in question and drops the old columns", async () => {
    const after = (await client.query<Row>("select * from check_ins order by id")).rows;
    expect(after).toEqual(checkInsBefore);
    const columns = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
       where table_name in ('check_ins', 'match_members')`,
    );
    const names = columns.rows.map((c) => `${c.table_name}.${c.column_name}`);
    expect(names).toContain("match_members.answer");
    for (const gone of [
      "match_members.connection_status",
      "match_members.confirmed_at",
      "check_ins.answer",
      "check_ins.answered_at",
    ]) {
      expect(names).not.toContain(gone);
    }
  });

  it("refuses an answer outside met, not yet and skip", async () => {
    const { matchId, userId } = ids[0];
    await expect(
      client.query(
        "update match_members set answer = 'confirmed' where match_id = $1 and user_id = $2",
        [matchId, userId],
      ),
    ).rejects.toThrow(/match_members_answer_check/);
  });
});

/** One pair per case, in one running pairing, stored as the 0027 schema stored them. */
async function seedAt0027(client: PGlite) {
  const user = async (name: string) =>
    (
      await client.query<{ id: string }>(
        "insert into users (email, first_name, last_name) values ($1, $2, 'Test') returning id",
        [`${name}@answers.test`, name],
      )
    ).rows[0].id;
  const pairing = (
    await client.query<{ id: number }>(
      "insert into pairings (name, month, scope_key) values ('March 2027', '2027-03', 'all') returning id",
    )
  ).rows[0].id;
  const match = async (members: [string, Status, Date | null][]) => {
    const id = (
      await client.query<{ id: number }>(
        "insert into matches (pairing_id, month) values ($1, '2027-03') returning id",
        [pairing],
      )
    ).rows[0].id;
    for (const [k, [userId, status, at]] of members.entries()) {
      await client.query(
        `insert into match_members (match_id, user_id, position, connection_status, confirmed_at)
         values ($1, $2, $3, $4, $5)`,
        [id, userId, k + 1, status, at],
      );
    }
    return id;
  };
  const checkIn = (matchId: number, userId: string, answer: string | null) =>
    client.query(
      `insert into check_ins (pairing_id, match_id, user_id, asked_at, sent_at, answer, answered_at)
       values ($1, $2, $3, $4, $4, $5, $6)`,
      [pairing, matchId, userId, CHECK_IN_AT, answer, answer === null ? null : CHECK_IN_AT],
    );
  const ids = [];
  for (const [i, c] of cases.entries()) {
    const [userId, partnerId] = [await user(`a${i}`), await user(`b${i}`)];
    const matchId = await match([
      [userId, c.status, c.status === "pending" ? null : AT],
      [partnerId, "pending", null],
    ]);
    if (c.checkIn !== undefined) await checkIn(matchId, userId, c.checkIn);
    ids.push({ matchId, userId, partnerId });
  }
  // Answered Not yet, then re-paired: the check-in row still names the old match.
  const [moved, first, second] = [await user("moved"), await user("first"), await user("second")];
  const oldMatch = await match([
    [moved, "not_confirmed", AT],
    [first, "pending", null],
  ]);
  await checkIn(oldMatch, moved, "not_yet");
  const newMatch = await match([
    [second, "pending", null],
    [moved, "pending", null],
  ]);
  return { ids, repaired: { oldMatch, newMatch, userId: moved } };
}

import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";

/*
 * The invariants of a round (docs/rounds.md, "Invariants of a round"), stated once as SQL so the
 * tests can check them after every operation, whatever ran before:
 *
 * 1. a person is in at most one running match per month, across every scope;
 * 2. every running match has two to four members;
 * 3. a deactivated person, or one no whitelist entry admits any more, is in no running match (a
 *    partner nobody could be found for waits for a partner in the pairing, in no match).
 *
 * The fourth — a match people were told about changes only through an operation that tells
 * everyone whose partner changes and writes an activity line — is a property of the operations;
 * the model-based test (round-operations.model.test.ts) checks it by the activity lines they leave.
 */

export interface InvariantBreak {
  rule: "one-match-per-month" | "two-to-four-members" | "only-active-people";
  detail: string;
}

const running = sql`m.status = 'active' and p.status = 'active'`;

export async function findRoundInvariantBreaks(db: Db | Tx): Promise<InvariantBreak[]> {
  const twice = await rowsOf<{ user_id: string; month: string; n: number }>(
    db,
    sql`select mm.user_id, m.month, count(*)::int as n
      from match_members mm join matches m on m.id = mm.match_id join pairings p on p.id = m.pairing_id
      where ${running} group by mm.user_id, m.month having count(*) > 1`,
  );
  const sizes = await rowsOf<{ id: number; n: number }>(
    db,
    sql`select m.id, (select count(*)::int from match_members mm where mm.match_id = m.id) as n
      from matches m join pairings p on p.id = m.pairing_id
      where ${running} and (select count(*) from match_members mm where mm.match_id = m.id) not between 2 and 4`,
  );
  const gone = await rowsOf<{ user_id: string; match_id: number }>(
    db,
    sql`select mm.user_id, mm.match_id
      from match_members mm join matches m on m.id = mm.match_id join pairings p on p.id = m.pairing_id
      join users u on u.id = mm.user_id
      where ${running} and not ${usable("u")}`,
  );
  return [
    ...twice.map((r) => ({
      rule: "one-match-per-month" as const,
      detail: `${r.user_id} is in ${r.n} running matches in ${r.month}`,
    })),
    ...sizes.map((r) => ({
      rule: "two-to-four-members" as const,
      detail: `match ${r.id} has ${r.n} members`,
    })),
    ...gone.map((r) => ({
      rule: "only-active-people" as const,
      detail: `${r.user_id} is in match ${r.match_id} but deactivated or off the whitelist`,
    })),
  ];
}

/** Throws, naming every break, when a round's invariants do not hold. */
export async function checkRoundInvariants(db: Db | Tx): Promise<void> {
  const breaks = await findRoundInvariantBreaks(db);
  if (breaks.length > 0) {
    throw new Error(`Round invariants broken:\n${breaks.map((b) => `- ${b.detail}`).join("\n")}`);
  }
}

/** SQL: the person of alias `u` is active and admitted by an active whitelist entry. */
const usable = (u: string) =>
  sql.raw(`(${u}.is_active and exists (select 1 from allowed_emails a where a.is_active
    and a.email in (lower(${u}.email), '*@' || split_part(lower(${u}.email), '@', 2))))`);

async function rowsOf<T>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

import { and, asc, type Column, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type ChatAnswers, chatHappened } from "../../shared/chat-happened";
import { type CheckInAnswer, connectionStatusOf } from "../../shared/check-in-answers";
import type { MatchStatus } from "../../shared/enums";
import { MAX_MATCH_SIZE, MIN_MATCH_SIZE } from "../../shared/match-size";
import { insertAsJson } from "../db/bulk-insert";
import type { Db, Tx } from "../db/client";
import { intArray, uuidArray } from "../db/id-list";
import { type MatchRow, matchCalendarEvents, matches, matchMembers } from "../db/schema";
import { Conflict } from "../errors";

/*
 * The one place that reads and writes who is in a match (decision 0021): one `match_members` row
 * per member, in the order the match lists them, with their answer (null until given, then met,
 * not_yet or skip: docs/check-ins.md, "Answers") and when they gave it. A match has 2 to 4 members.
 */

type Executor = Db | Tx;

export interface MatchMember {
  userId: string;
  answer: CheckInAnswer | null;
  answeredAt: Date | null;
}

export type MatchWithMembers = MatchRow & { members: MatchMember[] };

/** A member to insert: a user id, or a member with an answer already given (demo history, tests). */
export type NewMember =
  | string
  | { userId: string; answer?: CheckInAnswer | null; answeredAt?: Date | null };

export type NewMatch = typeof matches.$inferInsert & { members: readonly NewMember[] };

export class MatchSizeError extends Error {}

function memberRows(matchId: number, members: readonly NewMember[]) {
  const ids = members.map((m) => (typeof m === "string" ? m : m.userId));
  if (
    ids.length < MIN_MATCH_SIZE ||
    ids.length > MAX_MATCH_SIZE ||
    new Set(ids).size !== ids.length
  ) {
    throw new MatchSizeError(
      `A match needs ${MIN_MATCH_SIZE} to ${MAX_MATCH_SIZE} different people, got ${ids.length}`,
    );
  }
  return members.map((m, i) => ({
    matchId,
    userId: ids[i],
    position: i + 1,
    answer: (typeof m === "string" ? undefined : m.answer) ?? null,
    answeredAt: (typeof m === "string" ? undefined : m.answeredAt) ?? null,
  }));
}

/** Inserts matches with their members (two statements whatever the count); same order as given. */
export async function insertMatches(
  db: Executor,
  rows: readonly NewMatch[],
): Promise<MatchWithMembers[]> {
  if (rows.length === 0) return [];
  for (const row of rows) memberRows(0, row.members);
  const inserted = await db
    .insert(matches)
    .values(rows.map(({ members: _members, ...match }) => match))
    .returning();
  const members = inserted.flatMap((match, i) => memberRows(match.id, rows[i].members));
  // PostgreSQL takes at most 65,535 parameters per statement: a company's months in chunks.
  const saved = [];
  for (let i = 0; i < members.length; i += 5000) {
    saved.push(
      ...(await db
        .insert(matchMembers)
        .values(members.slice(i, i + 5000))
        .returning()),
    );
  }
  const byMatch = groupMembers(saved);
  return inserted.map((match) => ({ ...match, members: byMatch.get(match.id) ?? [] }));
}

/**
 * Inserts one pairing's matches, all of one month, date and status, in one statement whatever the
 * count: the matches take their ids from the sequence inside it, and the members go as three
 * array parameters (the match's place in `groups`, the person, the position) rather than a
 * parameter per cell, so 50,000 matches cost one statement, one parse and one run of the
 * members' view-version trigger (docs/performance.md, "Company scale"). Match k of `groups` gets
 * the k-th lowest of the new ids, so the matches keep the order given.
 */
export async function insertPairingGroups(
  db: Executor,
  match: { pairingId: number; month: string; matchDate: Date; status: MatchStatus },
  groups: readonly (readonly string[])[],
): Promise<void> {
  if (groups.length === 0) return;
  const places: number[] = [];
  const people: string[] = [];
  const positions: number[] = [];
  for (const [k, members] of groups.entries()) {
    for (const row of memberRows(k + 1, members)) {
      places.push(k + 1);
      people.push(row.userId);
      positions.push(row.position);
    }
  }
  await db.execute(sql`with made as (
      insert into ${matches} (pairing_id, month, match_date, status)
      select ${match.pairingId}::int, ${match.month}::text,
        ${match.matchDate.toISOString()}::timestamptz, ${match.status}::text
      from generate_series(1, ${groups.length}::int)
      returning id
    ), placed as (select id, row_number() over (order by id) as place from made)
    insert into ${matchMembers} (match_id, user_id, position)
    select placed.id, m.user_id, m.position
    from unnest(${intArray(places)}, ${uuidArray(people)}, ${intArray(positions)})
      as m(place, user_id, position)
    join placed on placed.place = m.place`);
}

/**
 * The same for seeding thousands of matches: ids reserved from the matches' sequence first, then
 * the matches and their members each in JSON-parameter inserts (db/bulk-insert.ts).
 */
export async function insertMatchesInBulk(tx: Tx, rows: readonly NewMatch[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = await tx
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('matches', 'id'))::int` })
    .from(sql`generate_series(1, ${rows.length})`);
  const withIds = rows.map(({ members: _members, ...match }, i) => ({ ...match, id: ids[i].id }));
  const members = rows.flatMap((row, i) => memberRows(ids[i].id, row.members));
  await insertAsJson(tx, matches, withIds);
  await insertAsJson(tx, matchMembers, members);
}

function groupMembers(
  rows: readonly (MatchMember & { matchId: number; position: number })[],
): Map<number, MatchMember[]> {
  const byMatch = new Map<number, MatchMember[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position)) {
    const list = byMatch.get(row.matchId) ?? [];
    list.push({
      userId: row.userId,
      answer: row.answer,
      answeredAt: row.answeredAt,
    });
    byMatch.set(row.matchId, list);
  }
  return byMatch;
}

/** The members of the given matches, each list in the match's order. */
export async function membersOfMatches(
  db: Executor,
  matchIds: readonly number[],
): Promise<Map<number, MatchMember[]>> {
  if (matchIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(matchMembers)
    .where(inArray(matchMembers.matchId, [...new Set(matchIds)]))
    .orderBy(asc(matchMembers.matchId), asc(matchMembers.position));
  return groupMembers(rows);
}

/** The given match rows with their members. */
export async function withMembers(
  db: Executor,
  rows: readonly MatchRow[],
): Promise<MatchWithMembers[]> {
  const members = await membersOfMatches(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, members: members.get(row.id) ?? [] }));
}

export const memberIds = (match: { members: readonly MatchMember[] }): string[] =>
  match.members.map((m) => m.userId);

/** A member's answer; null for someone who has not answered or is not (or no longer) in the match. */
export function answerOf(
  match: { members: readonly MatchMember[] },
  userId: string,
): CheckInAnswer | null {
  return match.members.find((m) => m.userId === userId)?.answer ?? null;
}

/** The match as `chatHappened` (src/shared/chat-happened.ts) reads it: the answers as statuses. */
export const chatAnswersOf = (match: {
  status: MatchStatus;
  members: readonly MatchMember[];
}): ChatAnswers => ({
  status: match.status,
  members: match.members.map((m) => ({ connectionStatus: connectionStatusOf(m.answer) })),
});

/** Whether the match's chat happened (src/shared/chat-happened.ts), read from its members' answers. */
export const matchChatHappened = (match: {
  status: MatchStatus;
  members: readonly MatchMember[];
}): boolean => chatHappened(chatAnswersOf(match));

/** SQL: `userId` is a member of the match whose id is `matchId` (the primary key's lookup). */
export const isMemberSql = (matchId: Column | SQL, userId: Column | SQL | string): SQL =>
  sql`exists (select 1 from ${matchMembers} where ${matchMembers.matchId} = ${matchId} and ${matchMembers.userId} = ${userId})`;

/** SQL: the ids of the matches any of `userIds` (a uuid[] expression) is a member of. */
export const matchIdsOfMembersSql = (userIds: SQL): SQL =>
  sql`(select ${matchMembers.matchId} from ${matchMembers} where ${matchMembers.userId} = any(${userIds}))`;

/** SQL: the match's member ids in order, as an array column (never null for a stored match). */
export const memberIdsSql = (matchId: Column | SQL): SQL<string[]> =>
  sql<
    string[]
  >`(select coalesce(array_agg(${matchMembers.userId}::text order by ${matchMembers.position}), '{}'::text[]) from ${matchMembers} where ${matchMembers.matchId} = ${matchId})`;

/** SQL: the ids of every member of any match of the pairing (for `users.id in (…)`). */
export const pairingMemberIdsSql = (pairingId: number | Column | SQL): SQL =>
  sql`(select mm.user_id from ${matchMembers} mm join ${matches} m on m.id = mm.match_id where m.pairing_id = ${pairingId})`;

/** Records a member's answer and when it was given; false when they are not in the match. */
export async function setMemberAnswer(
  db: Executor,
  matchId: number,
  userId: string,
  answer: CheckInAnswer,
  at: Date,
): Promise<boolean> {
  if (answer === "met") await refuseMetBeforeBookedTime(db, matchId, at);
  const rows = await db
    .update(matchMembers)
    .set({ answer, answeredAt: at })
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)))
    .returning({ userId: matchMembers.userId });
  return rows.length > 0;
}

/** The answer Met before the booked chat's start (docs/check-ins.md, "Answers"). */
export const MET_BEFORE_BOOKED_TIME =
  "Your coffee chat is booked for a later time: you can say you met once it has started. Move the booking if you met earlier.";

/** Refuses Met while the match's booked chat (its calendar event, not cancelled) is still to come. */
async function refuseMetBeforeBookedTime(db: Executor, matchId: number, at: Date) {
  const [booked] = await db
    .select({ startsAt: matchCalendarEvents.startsAt })
    .from(matchCalendarEvents)
    .where(and(eq(matchCalendarEvents.matchId, matchId), isNull(matchCalendarEvents.cancelledAt)));
  if (booked && booked.startsAt.getTime() > at.getTime()) {
    throw new Conflict(MET_BEFORE_BOOKED_TIME, "booked_time_to_come");
  }
}

/**
 * Adds a member at the end of the match's list (re-pairing into a pair or a trio); no answer yet.
 * A member who left, or whose account was erased, leaves a gap in the positions, and a position
 * may be 1 to 4 only: so the others first close up in their order, each into a place already
 * free, and the new member comes after them.
 */
export async function addMember(db: Executor, matchId: number, userId: string): Promise<void> {
  const members = await db
    .select({ userId: matchMembers.userId, position: matchMembers.position })
    .from(matchMembers)
    .where(eq(matchMembers.matchId, matchId))
    .orderBy(asc(matchMembers.position));
  for (const [index, member] of members.entries()) {
    if (member.position === index + 1) continue;
    await db
      .update(matchMembers)
      .set({ position: index + 1 })
      .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, member.userId)));
  }
  await db.insert(matchMembers).values({ matchId, userId, position: members.length + 1 });
}

/** Takes a member out of a match, the others keeping their order and answers. */
export async function removeMember(db: Executor, matchId: number, userId: string): Promise<void> {
  await db
    .delete(matchMembers)
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)));
}

import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { matchBusyTimes, matches, matchMembers, users } from "../db/schema";
import { type BusyRead, type BusyTimesProvider, CalendarReadError } from "./busy-times-provider";
import { calendarProvider } from "./calendar-service";
import type { Interval } from "./intervals";

export interface MatchBusyTimes {
  /** Busy time by member id; a member missing has no calendar read (working hours alone count). */
  busy: Map<string, Interval[]>;
  /**
   * Why the calendar could not be read this time (then what was kept before is answered), or why
   * a member's calendar is unreadable (then nothing busy is kept for them: working hours alone).
   */
  problem?: string;
}

/**
 * The busy time of a running match's members between `from` and `to` (docs/scheduling.md): read
 * from the company's calendar when one is connected and kept in `match_busy_times` (instants only)
 * while the match runs. When the calendar fails, the busy time read before for this match is
 * answered with the reason. Concurrency: no lock; each write is one upsert per member guarded by
 * the match still having that member and still running, so a match changed or completed meanwhile
 * keeps nothing of a person who is no longer in it.
 */
export async function readMatchBusyTimes(
  ctx: AppContext,
  matchId: number,
  from: Date,
  to: Date,
  provider: BusyTimesProvider | undefined = calendarProvider(ctx.config),
): Promise<MatchBusyTimes> {
  const members = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.matchId, matchId), eq(matches.status, "active")))
    .orderBy(matchMembers.position);
  if (members.length === 0 || !provider) return { busy: await keptBusyTimes(ctx.db, matchId) };
  let read: BusyRead;
  try {
    read = await provider.busyTimes(
      members.map((m) => m.email),
      from,
      to,
    );
  } catch (error) {
    if (!(error instanceof CalendarReadError)) throw error;
    return { busy: await keptBusyTimes(ctx.db, matchId), problem: error.message };
  }
  const now = ctx.clock.now();
  for (const member of members) {
    const busy = read.get(member.email);
    if (busy) await keep(ctx.db, { matchId, userId: member.id, busy, from, to, now });
  }
  const unreadable = [...(read.unreadable?.values() ?? [])];
  const busy = await keptBusyTimes(ctx.db, matchId);
  return unreadable.length > 0
    ? { busy, problem: `A calendar is unreadable: ${unreadable[0]}` }
    : { busy };
}

async function keep(
  db: Db,
  row: { matchId: number; userId: string; busy: Interval[]; from: Date; to: Date; now: Date },
) {
  const busy = JSON.stringify(row.busy.map((i) => [i.start.toISOString(), i.end.toISOString()]));
  await db.execute(sql`
    insert into match_busy_times (match_id, user_id, busy, read_from, read_to, read_at)
    select ${row.matchId}, ${row.userId}, ${busy}::jsonb, ${row.from.toISOString()}, ${row.to.toISOString()}, ${row.now.toISOString()}
    where exists (
      select 1 from match_members mm join matches m on m.id = mm.match_id
      where mm.match_id = ${row.matchId} and mm.user_id = ${row.userId} and m.status = 'active'
      for share of m
    )
    on conflict (match_id, user_id) do update set busy = excluded.busy,
      read_from = excluded.read_from, read_to = excluded.read_to, read_at = excluded.read_at`);
}

/** The busy time kept for a match's members, by member id. */
export async function keptBusyTimes(db: Db, matchId: number): Promise<Map<string, Interval[]>> {
  return (await keptBusyTimesOf(db, [matchId])).get(matchId) ?? new Map();
}

/** `keptBusyTimes` of many matches in one read, by match id; a match with none kept is missing. */
export async function keptBusyTimesOf(
  db: Db,
  matchIds: readonly number[],
): Promise<Map<number, Map<string, Interval[]>>> {
  const kept = new Map<number, Map<string, Interval[]>>();
  if (matchIds.length === 0) return kept;
  const rows = await db
    .select({
      matchId: matchBusyTimes.matchId,
      userId: matchBusyTimes.userId,
      busy: matchBusyTimes.busy,
    })
    .from(matchBusyTimes)
    .where(inArray(matchBusyTimes.matchId, [...new Set(matchIds)]));
  for (const row of rows) {
    const byMember = kept.get(row.matchId) ?? new Map<string, Interval[]>();
    byMember.set(
      row.userId,
      row.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    );
    kept.set(row.matchId, byMember);
  }
  return kept;
}

/**
 * Deletes the busy time kept for matches that no longer run (docs/privacy.md: kept while the
 * match runs) and for people no longer in the match; run by the daily clean-up.
 */
export async function forgetEndedMatchBusyTimes(db: Db): Promise<number> {
  const ended = db.select({ id: matches.id }).from(matches).where(ne(matches.status, "active"));
  const gone = await db
    .delete(matchBusyTimes)
    .where(
      sql`${inArray(matchBusyTimes.matchId, ended)} or not exists (select 1 from match_members mm
        where mm.match_id = ${matchBusyTimes.matchId} and mm.user_id = ${matchBusyTimes.userId})`,
    )
    .returning({ matchId: matchBusyTimes.matchId });
  return gone.length;
}

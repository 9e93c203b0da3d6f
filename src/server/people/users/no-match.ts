import { inArray, type SQL, sql } from "drizzle-orm";
import type { NoMatchReason } from "../../../shared/no-match-reasons";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { exclusionReasonSql } from "../../pairings/scope/exclusions";

/** The running (active) pairings, and the lowest id of their matches (null: none has one). */
export interface RunningMatches {
  pairingIds: number[];
  firstMatchId: number | null;
}

/**
 * Read before the list's statement and sent as values, not sub-selects: with them the planner
 * sees how many memberships the filters touch, walks a page along the list's index with one probe
 * per person and counts with one hash of the running members (about 70 ms at 100,000 people)
 * rather than a probe per person (docs/performance.md, "The users list").
 */
export async function runningMatches(ctx: AppContext): Promise<RunningMatches> {
  // Aliased throughout: a one-table select writes its columns unqualified, which a sub-select
  // would read as its own.
  const result = await ctx.db.execute(sql`select p.id, (select m.id from ${matches} m
      where m.pairing_id = p.id order by m.id limit 1) as first
    from ${pairings} p where p.status = 'active'`);
  const rows = (result as unknown as { rows: Array<{ id: number; first: number | null }> }).rows;
  const firsts = rows.flatMap((row) => (row.first === null ? [] : [Number(row.first)]));
  return {
    pairingIds: rows.map((row) => Number(row.id)),
    firstMatchId: firsts.length ? Math.min(...firsts) : null,
  };
}

/**
 * People with no current match (in no match of a running pairing, what the row's current match
 * shows: list-users.ts), whatever the reason. No running match has an id below `firstMatchId`, so
 * a person's probe of `match_members_user_idx` reads only their memberships from there on — about
 * one — however long their history.
 */
export function noMatchSql({ pairingIds, firstMatchId }: RunningMatches): SQL {
  if (firstMatchId === null) return sql`true`;
  const ids = sql.join(
    pairingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`not exists (select 1 from ${matchMembers} mm
    where mm.user_id = ${users.id} and mm.match_id >= ${firstMatchId}
      and mm.match_id in (select m.id from ${matches} m where m.pairing_id in (${ids})))`;
}

/** Listed in a running pairing's stored "who sat out" (docs/pairings.md, "Who sat out and why"). */
const listedAsSatOutSql = sql`${users.id} in (select (e.entry ->> 'userId')::uuid
  from ${pairings} p cross join lateral jsonb_array_elements(p.sat_out) as e(entry)
  where p.status = 'active')`;

/**
 * People the engine left out of a running pairing who are still in none of its matches: the
 * Operations tab's "Sat out this month" without those who joined late (an admin who placed
 * someone by hand sees them with their match, not here).
 */
export function satOutSql(running: RunningMatches): SQL {
  return sql`(${listedAsSatOutSql} and ${noMatchSql(running)})`;
}

/**
 * Why each of `ids` (people without a current match) has none: sat out, else the one reason they
 * are not ready today (exclusions.ts), else ready but not paired yet. One statement for a page.
 */
export async function noMatchReasonsOf(
  ctx: AppContext,
  ids: string[],
): Promise<Map<string, NoMatchReason>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: users.id,
      satOut: sql<boolean>`${listedAsSatOutSql}`,
      excluded: exclusionReasonSql(utcDayOf(ctx.clock.now())),
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => [row.id, row.satOut ? "sat_out" : (row.excluded ?? "not_paired_yet")]),
  );
}

import { inArray, type SQL, sql } from "drizzle-orm";
import type { NoMatchReason } from "../../../shared/no-match-reasons";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { exclusionReasonSql } from "../../pairings/scope/exclusions";

/**
 * The running (active) pairings and the id range of their matches (null: none has one).
 * `onlyRunning`: no other pairing's match has an id in that range, so a membership in the range
 * is a running match, with no need to look the match up.
 */
export interface RunningMatches {
  pairingIds: number[];
  firstMatchId: number | null;
  lastMatchId: number | null;
  onlyRunning: boolean;
}

export const NO_RUNNING_MATCHES: RunningMatches = {
  pairingIds: [],
  firstMatchId: null,
  lastMatchId: null,
  onlyRunning: true,
};

/**
 * Read before the list's statement and sent as values, not sub-selects: with them the planner
 * sees how many memberships the filters touch, walks a page along the list's index with one probe
 * per person and counts with one hash of the running members rather than a probe per person
 * (docs/performance.md, "The users list").
 */
export async function runningMatches(ctx: AppContext): Promise<RunningMatches> {
  // Aliased throughout: a one-table select writes its columns unqualified, which a sub-select
  // would read as its own. Each end is one probe of matches_pairing_id_idx (pairing, id).
  const rows = await rowsOf<{ id: number; first: number | null; last: number | null }>(
    ctx,
    sql`select p.id,
        (select min(m.id) from ${matches} m where m.pairing_id = p.id) as first,
        (select max(m.id) from ${matches} m where m.pairing_id = p.id) as last
      from ${pairings} p where p.status = 'active'`,
  );
  const firsts = rows.flatMap((row) => (row.first === null ? [] : [Number(row.first)]));
  const lasts = rows.flatMap((row) => (row.last === null ? [] : [Number(row.last)]));
  if (firsts.length === 0)
    return { ...NO_RUNNING_MATCHES, pairingIds: rows.map((r) => Number(r.id)) };
  const firstMatchId = Math.min(...firsts);
  const lastMatchId = Math.max(...lasts);
  return {
    pairingIds: rows.map((row) => Number(row.id)),
    firstMatchId,
    lastMatchId,
    onlyRunning: !(await otherMatchBetween(ctx, firstMatchId, lastMatchId)),
  };
}

/** Whether a pairing not running has a match in the range: one index probe per such pairing. */
async function otherMatchBetween(ctx: AppContext, first: number, last: number): Promise<boolean> {
  const [row] = await rowsOf<{ found: boolean }>(
    ctx,
    sql`select exists (select 1 from ${pairings} p where p.status <> 'active'
      and exists (select 1 from ${matches} m
        where m.pairing_id = p.id and m.id between ${first} and ${last})) as found`,
  );
  return row.found;
}

async function rowsOf<Row>(ctx: AppContext, query: SQL): Promise<Row[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * People with no current match (in no match of a running pairing, what the row's current match
 * shows: list-users.ts), whatever the reason. No running match has an id outside the range, so
 * a person's probe of `match_members_user_idx` reads only their memberships there — about one —
 * however long their history. When only running matches are in the range (the usual case: a
 * month's matches are made together), the range alone is the condition: the count is then one
 * hash of the range's memberships, read from an index, rather than of their join with the
 * running matches, which the planner also misjudged (docs/performance.md, "The users list").
 */
export function noMatchSql({
  pairingIds,
  firstMatchId,
  lastMatchId,
  onlyRunning,
}: RunningMatches): SQL {
  if (firstMatchId === null || lastMatchId === null) return sql`true`;
  const inRange = sql`mm.user_id = ${users.id} and mm.match_id between ${firstMatchId} and ${lastMatchId}`;
  if (onlyRunning) return sql`not exists (select 1 from ${matchMembers} mm where ${inRange})`;
  const ids = sql.join(
    pairingIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`not exists (select 1 from ${matchMembers} mm where ${inRange}
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

import { inArray, sql } from "drizzle-orm";
import type { NoMatchReason } from "../../../shared/no-match-reasons";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { exclusionReasonSql } from "../../pairings/scope/exclusions";

/**
 * In a match of a running (active) pairing: what the list shows as the row's current match
 * (list-users.ts). An anti-join probe of `match_members_user_idx` per person, so the filters
 * below keep paging along the list's own index (docs/performance.md, "The users list").
 */
const inRunningMatchSql = sql`exists (select 1 from ${matchMembers} mm
  join ${matches} m on m.id = mm.match_id join ${pairings} p on p.id = m.pairing_id
  where mm.user_id = ${users.id} and p.status = 'active')`;

/** Listed in a running pairing's stored "who sat out" (docs/pairings.md, "Who sat out and why"). */
const listedAsSatOutSql = sql`${users.id} in (select (e.entry ->> 'userId')::uuid
  from ${pairings} p cross join lateral jsonb_array_elements(p.sat_out) as e(entry)
  where p.status = 'active')`;

/** People with no current match, whatever the reason. */
export const noMatchSql = sql`not ${inRunningMatchSql}`;

/**
 * People the engine left out of a running pairing who are still in none of its matches: the
 * Operations tab's "Sat out this month" without those who joined late (an admin who placed
 * someone by hand sees them with their match, not here).
 */
export const satOutSql = sql`(${listedAsSatOutSql} and ${noMatchSql})`;

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

import { and, type SQL, sql } from "drizzle-orm";
import type { CurrentPairingsFilter } from "../../../shared/current-pairings-query";
import { MAX_ID } from "../../../shared/id-range";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { matches, matchMembers, users } from "../../db/schema";
import { searchSql } from "../../directory/search/person-search";
import { BadRequest } from "../../errors";
import { chatHappenedSql } from "../../match-members/chat-happened-sql";
import { awayPeopleSql } from "../scope/member-availability";

/**
 * The current pairings' filters as conditions on `matches` (docs/pairings.md, "Current
 * pairings"): each word of the search is found in some member's name, e-mail or department (the
 * user list's search, served by its trigram index), and the status keeps the matches with a member
 * who can no longer meet ("away") or with one member left without a partner ("alone"). The status
 * is one grouped statement over the running pairings' members, never their rows in Node.
 */
export async function matchFilterSql(
  ctx: AppContext,
  filter: CurrentPairingsFilter,
  pairingIds: number[],
): Promise<SQL | undefined> {
  const words = (filter.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const searches: SQL[] = [];
  for (const word of words) {
    const person = await searchSql(ctx, word);
    searches.push(
      sql`${matches.id} in (select ${matchMembers.matchId} from ${matchMembers}
        join ${users} on ${users.id} = ${matchMembers.userId} where ${person})`,
    );
  }
  return and(...searches, await statusSql(ctx, filter.status, pairingIds));
}

/**
 * The matches with someone away (or left alone) as one grouped statement that starts from the
 * people who can no longer meet (one scan of the people, few rows) and reaches their matches
 * through `match_members_user_idx`; only the matches found come back, as one array parameter of
 * the page's condition. A match always has two or more members (leave-match.ts), so a match with
 * someone alone has someone away. Nobody is away from a match whose chat happened
 * (`awayFromMatch` in member-availability.ts).
 */
async function statusSql(
  ctx: AppContext,
  status: CurrentPairingsFilter["status"],
  pairingIds: number[],
): Promise<SQL | undefined> {
  if (!status) return undefined;
  const away = awayPeopleSql(ctx.db, utcDayOf(ctx.clock.now()));
  const having = status === "away" ? sql`true` : sql`count(*) - count(aw.id) = 1`;
  const result = await ctx.db.execute(sql`
    with aw as materialized (${away}),
    touched as (
      select distinct mm.match_id from aw
      join match_members mm on mm.user_id = aw.id
      join matches on matches.id = mm.match_id
      where matches.pairing_id = any(${sql.param(pairingIds)}::int[]) and not ${chatHappenedSql}
    )
    select t.match_id as id from touched t
    join match_members mm on mm.match_id = t.match_id
    left join aw on aw.id = mm.user_id
    group by t.match_id having ${having}`);
  const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  return sql`${matches.id} = any(${sql.param(ids)}::int[])`;
}

/** Where a page starts: after this match of this pairing (the previous page's last row). */
export type MatchCursor = { pairingId: number; matchId: number };

const BAD_CURSOR = "This page link is not valid. Please reload the list.";

export function encodeMatchCursor(cursor: MatchCursor): string {
  return Buffer.from(JSON.stringify([cursor.pairingId, cursor.matchId])).toString("base64url");
}

/** The cursor of a page link; a pairing no longer running makes the link stale (400). */
export function decodeMatchCursor(cursor: string, pairingIds: number[]): MatchCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new BadRequest(BAD_CURSOR, "invalid_cursor");
  }
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isInteger(n) && n > 0 && n <= MAX_ID) &&
    pairingIds.includes(value[0])
  ) {
    return { pairingId: value[0], matchId: value[1] };
  }
  throw new BadRequest(BAD_CURSOR, "invalid_cursor");
}

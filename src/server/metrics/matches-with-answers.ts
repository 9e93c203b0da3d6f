import { eq, type SQL, sql } from "drizzle-orm";
import { MARKED_DONE } from "../../shared/chat-happened";
import type { Db, Tx } from "../db/client";
import { matches, matchMembers } from "../db/schema";
import { answerMetSql, answerNotMissedSql } from "../matches/chat-happened-sql";

/**
 * `chatHappened` (src/shared/chat-happened.ts) as an aggregate over one match's member rows, for
 * a query of `matches` left-joined to `match_members` and grouped by the match: every match's
 * answers are read in one pass over both tables (a merge or hash join) instead of two correlated
 * look-ups per match (docs/performance.md, "100,000 employees"). Never null: a match without
 * members did not happen, as in src/server/matches/chat-happened-sql.ts (the left join's empty
 * member row, whose match_id is null, counts for nothing).
 */
export const chatHappenedOfMembersSql = sql<boolean>`coalesce(
  bool_or(${answerMetSql(matchMembers.answer)})
  or (${matches.status} = ${MARKED_DONE}
    and bool_or(${matchMembers.matchId} is not null and ${answerNotMissedSql(matchMembers.answer)})),
  false)`;

/**
 * One row per selected match with the columns the counts need and whether its chat happened, as
 * a sub-query named `per_match` to count from.
 */
export function matchesWithHappened(db: Db | Tx, where?: SQL) {
  return db
    .select({
      month: matches.month,
      status: matches.status,
      pairingId: matches.pairingId,
      happened: chatHappenedOfMembersSql.as("happened"),
    })
    .from(matches)
    .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .where(where)
    .groupBy(matches.id)
    .as("per_match");
}

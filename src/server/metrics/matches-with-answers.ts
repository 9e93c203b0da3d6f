import { eq, type SQL, sql } from "drizzle-orm";
import { MARKED_DONE, MET_ANSWER, MISSED_ANSWER } from "../../shared/chat-happened";
import type { Db, Tx } from "../db/client";
import { matches, matchMembers } from "../db/schema";

/**
 * `chatHappened` (src/shared/chat-happened.ts) as an aggregate over one match's member rows, for
 * a query of `matches` left-joined to `match_members` and grouped by the match: every match's
 * answers are read in one pass over both tables (a merge or hash join) instead of two correlated
 * look-ups per match (docs/performance.md, "100,000 employees"). Never null: a match without
 * members did not happen, as in src/server/matches/chat-happened-sql.ts.
 */
export const chatHappenedOfMembersSql = sql<boolean>`coalesce(
  bool_or(${matchMembers.connectionStatus} = ${MET_ANSWER})
  or (${matches.status} = ${MARKED_DONE} and bool_or(${matchMembers.connectionStatus} <> ${MISSED_ANSWER})),
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

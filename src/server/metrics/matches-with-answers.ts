import { sql } from "drizzle-orm";
import { MARKED_DONE } from "../../shared/chat-happened";
import { matches, matchMembers } from "../db/schema";
import { answerMetSql, answerNotMissedSql } from "../match-members/chat-happened-sql";

/**
 * `chatHappened` (src/shared/chat-happened.ts) as an aggregate over one match's member rows, for
 * a query of `matches` left-joined to `match_members` and grouped by the match: every match's
 * answers are read in one pass over both tables (a merge or hash join) instead of two correlated
 * look-ups per match (docs/performance.md, "100,000 employees"). Never null: a match without
 * members did not happen, as in src/server/match-members/chat-happened-sql.ts (the left join's empty
 * member row, whose match_id is null, counts for nothing).
 */
export const chatHappenedOfMembersSql = sql<boolean>`coalesce(
  bool_or(${answerMetSql(matchMembers.answer)})
  or (${matches.status} = ${MARKED_DONE}
    and bool_or(${matchMembers.matchId} is not null and ${answerNotMissedSql(matchMembers.answer)})),
  false)`;

import { sql } from "drizzle-orm";
import { MARKED_DONE, MET_ANSWER, MISSED_ANSWER } from "../../shared/chat-happened";
import { matches, matchMembers } from "../db/schema";

/**
 * `chatHappened` (src/shared/chat-happened.ts) as a SQL condition on a `matches` row, reading its
 * members' answers (match-members.ts), for the aggregates:
 * `count(*) filter (where ${chatHappenedSql})`. Never null, so it also negates.
 */
export const chatHappenedSql = sql<boolean>`(
  exists (select 1 from ${matchMembers} where ${matchMembers.matchId} = ${matches.id}
    and ${matchMembers.connectionStatus} = ${MET_ANSWER})
  or (${matches.status} = ${MARKED_DONE} and exists (select 1 from ${matchMembers}
    where ${matchMembers.matchId} = ${matches.id} and ${matchMembers.connectionStatus} <> ${MISSED_ANSWER})))`;

/** How many of the selected matches happened, as an integer column. */
export const chatsHappenedCount = sql<number>`(count(*) filter (where ${chatHappenedSql}))::int`;

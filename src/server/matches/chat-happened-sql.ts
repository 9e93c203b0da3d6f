import { sql } from "drizzle-orm";
import { MARKED_DONE, MET_ANSWER, MISSED_ANSWER } from "../../shared/chat-happened";
import { matches } from "../db/schema";

/**
 * `chatHappened` (src/shared/chat-happened.ts) as a SQL condition on a `matches` row, for the
 * aggregates: `count(*) filter (where ${chatHappenedSql})`. Never null, so it also negates.
 */
export const chatHappenedSql = sql<boolean>`(
  ${MET_ANSWER} in (${matches.user1ConnectionStatus}, ${matches.user2ConnectionStatus}, coalesce(${matches.user3ConnectionStatus}, ''))
  or (${matches.status} = ${MARKED_DONE} and not (
    ${matches.user1ConnectionStatus} = ${MISSED_ANSWER}
    and ${matches.user2ConnectionStatus} = ${MISSED_ANSWER}
    and coalesce(${matches.user3ConnectionStatus}, ${MISSED_ANSWER}) = ${MISSED_ANSWER})))`;

/** How many of the selected matches happened, as an integer column. */
export const chatsHappenedCount = sql<number>`(count(*) filter (where ${chatHappenedSql}))::int`;

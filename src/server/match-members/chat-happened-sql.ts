import { type Column, type SQL, sql } from "drizzle-orm";
import { MARKED_DONE, MET_ANSWER, MISSED_ANSWER } from "../../shared/chat-happened";
import { checkInAnswers, connectionStatusOf } from "../../shared/check-in-answers";
import { matches, matchMembers } from "../db/schema";

/** The stored answers that count as "Met My Match" and as "Missed This Month" (connectionStatusOf). */
const metAnswers = checkInAnswers.filter((a) => connectionStatusOf(a) === MET_ANSWER);
const missedAnswers = checkInAnswers.filter((a) => connectionStatusOf(a) === MISSED_ANSWER);
const list = (answers: readonly string[]) =>
  sql.join(
    answers.map((a) => sql`${a}`),
    sql`, `,
  );

/** SQL: the member's answer (`match_members.answer`) counts as met. Null while unanswered. */
export const answerMetSql = (answer: Column | SQL): SQL => sql`${answer} in (${list(metAnswers)})`;

/** SQL: the member's answer does not count as missed (no answer yet, or met). Never null. */
export const answerNotMissedSql = (answer: Column | SQL): SQL =>
  sql`(${answer} is null or ${answer} not in (${list(missedAnswers)}))`;

/**
 * `chatHappened` (src/shared/chat-happened.ts) as a SQL condition on a `matches` row, reading its
 * members' answers (match-members.ts), for the aggregates:
 * `count(*) filter (where ${chatHappenedSql})`. Never null, so it also negates.
 */
export const chatHappenedSql = sql<boolean>`(
  exists (select 1 from ${matchMembers} where ${matchMembers.matchId} = ${matches.id}
    and ${answerMetSql(matchMembers.answer)})
  or (${matches.status} = ${MARKED_DONE} and exists (select 1 from ${matchMembers}
    where ${matchMembers.matchId} = ${matches.id} and ${answerNotMissedSql(matchMembers.answer)})))`;

/** How many of the selected matches happened, as an integer column. */
export const chatsHappenedCount = sql<number>`(count(*) filter (where ${chatHappenedSql}))::int`;

import { subDays } from "date-fns";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { chatHappened } from "../../shared/chat-happened";
import { monthDisplay } from "../../shared/pairings";
import { REMINDER_AFTER_DAYS } from "../../shared/round-dates";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { checkIns, matches, pairings, roundSteps, stillInQuestions } from "../db/schema";
import { answerOf, chatAnswersOf, memberIds, withMembers } from "../match-members/match-members";
import { stillInQuestion } from "../outbox/kinds/still-in-question";
import { greetingOf } from "../outbox/personal-links";
import { queue } from "../outbox/queue";
import { listEligibleUsers } from "../pairings/scope/eligibility";
import { resolveScope } from "../pairings/scope/scope";
import { readPeople } from "../people-rows/read-people";
import { queueTeamsStillIn } from "../teams/queue-still-in";
import type { CheckInRun } from "./ask-member";

/** Rounds in a row without a word before someone is asked (docs/check-ins.md, "Quiet people"). */
export const SILENT_ROUNDS = 3;

/**
 * Before a round's draft (docs/check-ins.md, "Quiet people"): everyone of the scope who would be
 * paired, was in each of the scope's last three rounds (completed, or checked in), and in each
 * answered nothing while no
 * partner reported meeting (the chat did not happen by the one definition), is asked "Still up
 * for coffee chats?" and left out of the rounds until they answer. Rounds made before their last
 * answer to that question do not count again.
 *
 * Concurrency: the open question is one row per person (a partial unique index), inserted in the
 * transaction that queues the e-mail in the outbox, so nobody is asked twice and nobody is left
 * out without the e-mail on its way (the outbox delivers it through a mail-server outage too).
 */
export async function askQuietPeople(
  ctx: AppContext,
  { scopeKey }: { scopeKey: string },
): Promise<CheckInRun> {
  const run: CheckInRun = { sent: 0, userIds: [] };
  const rounds = await lastRounds(ctx, scopeKey);
  if (rounds.months.length < SILENT_ROUNDS) return run;
  const quiet = await silentPeople(ctx, scopeKey, rounds);
  if (quiet.length === 0) return run;
  const people = await readPeople(ctx.db, quiet);
  const silentMonths = [...rounds.months].reverse();
  for (const person of people) {
    const question = await ctx.db.transaction(async (tx) => {
      const [asked] = await tx
        .insert(stillInQuestions)
        .values({ userId: person.id, scopeKey, silentMonths, askedAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ id: stillInQuestions.id });
      if (!asked) return null;
      await queue(ctx, tx, stillInQuestion, [person.email], {
        userId: person.id,
        greeting: greetingOf(person),
        questionId: asked.id,
      });
      await queueTeamsStillIn(ctx, tx, { userId: person.id, questionId: asked.id });
      return asked;
    });
    if (!question) continue;
    run.sent++;
    run.userIds.push(person.id);
    await recordActivity(ctx, {
      kind: "still-in.asked",
      detail: peopleLine`Asked ${namedPerson(person)} whether they are still up for coffee chats: no answer in ${silentMonths.map(monthDisplay).join(", ")}; left out of the rounds until they answer.`,
      userId: person.id,
      scopeKey,
      data: { silentMonths },
    });
  }
  return run;
}

/**
 * The scope's last three rounds that people have been asked about, newest first: completed ones
 * whose check-in was held, and running ones whose check-in has been out a week (the reminder's
 * gap), so a question sent moments before the draft, as when the app catches up after a stop, is
 * not read as silence. A round just published asks nothing of anyone yet, and one completed before
 * its check-in (the timeline's "Not held") asked nobody (docs/check-ins.md, "Quiet people").
 */
async function lastRounds(ctx: AppContext, scopeKey: string) {
  const askedBy = subDays(ctx.clock.now(), REMINDER_AFTER_DAYS);
  const checkedIn = sql`exists (select 1 from ${checkIns} where ${checkIns.pairingId} = ${pairings.id} and ${checkIns.sentAt} <= ${askedBy})`;
  const rows = await ctx.db
    .selectDistinct({ month: pairings.month })
    .from(pairings)
    .where(
      and(
        eq(pairings.scopeKey, scopeKey),
        sql`(${checkedIn} or (${pairings.status} = 'completed' and ${checkInHeld}))`,
      ),
    )
    .orderBy(desc(pairings.month))
    .limit(SILENT_ROUNDS);
  return { months: rows.map((row) => row.month) };
}

/**
 * A completed round's check-in was held unless the round has steps (docs/rounds.md) and its
 * check-in is not done among them: written down as not held, or never written because the
 * completion came first. A round with no steps at all (paired while its scope's rounds were off)
 * counts as before.
 */
const checkInHeld = sql`(
  exists (select 1 from ${roundSteps} s where s.scope_key = ${pairings.scopeKey}
    and s.month = ${pairings.month} and s.kind = 'check-in' and s.state = 'done')
  or not exists (select 1 from ${roundSteps} s where s.scope_key = ${pairings.scopeKey}
    and s.month = ${pairings.month}))`;

async function silentPeople(
  ctx: AppContext,
  scopeKey: string,
  rounds: { months: string[] },
): Promise<string[]> {
  const scope = await resolveScope(ctx.db, scopeKey === "all" ? null : Number(scopeKey));
  const ready = new Set(
    (await listEligibleUsers(ctx.db, scope, utcDayOf(ctx.clock.now()))).map((u) => u.id),
  );
  const rows = await ctx.db
    .select({
      match: matches,
      pairingCreatedAt: pairings.createdAt,
      pairingCompletedAt: pairings.completedAt,
    })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(and(eq(pairings.scopeKey, scopeKey), inArray(pairings.month, rounds.months)));
  const full = await withMembers(
    ctx.db,
    rows.map((r) => r.match),
  );
  const lastAnswer = await lastAnswers(ctx);
  const silentIn = new Map<string, Set<string>>();
  for (const [i, { pairingCreatedAt, pairingCompletedAt }] of rows.entries()) {
    const match = full[i];
    const happened = chatHappened(markedBySomeone(match, pairingCompletedAt));
    for (const id of memberIds(match)) {
      if (!ready.has(id)) continue;
      const answeredAt = lastAnswer.get(id);
      const counts =
        !happened && answerOf(match, id) === null && (!answeredAt || pairingCreatedAt > answeredAt);
      const months = silentIn.get(id) ?? new Set<string>();
      // A round the person spoke in (or that came before their last answer) breaks the row.
      months.add(counts ? match.month : `spoke:${match.month}`);
      silentIn.set(id, months);
    }
  }
  return [...silentIn.entries()]
    .filter(([, months]) =>
      rounds.months.every((month) => months.has(month) && !months.has(`spoke:${month}`)),
    )
    .map(([id]) => id);
}

/**
 * The match's answers, counted as marked completed only when a member marked it: the pairing's
 * completion closes every match it still had open (complete-pairing.ts), which is nobody saying
 * the chat happened (docs/check-ins.md, "Quiet people").
 */
function markedBySomeone(
  match: Parameters<typeof chatAnswersOf>[0] & { completedAt: Date | null },
  pairingCompletedAt: Date | null,
) {
  const closedWithPairing =
    pairingCompletedAt !== null &&
    match.completedAt !== null &&
    match.completedAt.getTime() >= pairingCompletedAt.getTime();
  return chatAnswersOf(closedWithPairing ? { ...match, status: "active" } : match);
}

/** When each person last answered the question, to count only the rounds after it. */
async function lastAnswers(ctx: AppContext): Promise<Map<string, Date>> {
  const rows = await ctx.db
    .select({ userId: stillInQuestions.userId, at: sql<Date>`max(${stillInQuestions.answeredAt})` })
    .from(stillInQuestions)
    .where(isNotNull(stillInQuestions.answeredAt))
    .groupBy(stillInQuestions.userId);
  return new Map(
    rows.flatMap((row) => (row.userId ? [[row.userId, new Date(row.at)] as const] : [])),
  );
}

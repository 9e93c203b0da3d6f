import { addDays } from "date-fns";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { answerOfMatchesPage } from "../../shared/check-in-answers";
import type { ConnectionStatus } from "../../shared/enums";
import { activePairingFile } from "../../shared/pairing-file-names";
import { monthDisplay } from "../../shared/pairings";
import { roundWindows } from "../../shared/round-windows";
import {
  SAMPLE_REFUSAL,
  type SamplePerson,
  type SamplePublishTime,
  type SampleRound,
  sampleDeliveryRefused,
  sampleFileContent,
  sampleFileName,
  samplePairingName,
  sampleRounds,
} from "../../shared/sample-company";
import { recordPastActivity } from "../activity/activity";
import { scopeSchedule } from "../dates/month-dates";
import type { Tx } from "../db/client";
import {
  completedPairings,
  type NewsletterRow,
  newsletterArchive,
  newsletters,
  pairings,
  roundSteps,
  stillInQuestions,
} from "../db/schema";
import { insertMatchesInBulk } from "../match-members/match-members";
import { defaultNewsletter } from "../newsletters/newsletter-defaults";
import { archiveFileName } from "../newsletters/send/finish-send";
import { failureReasons } from "../newsletters/send/outcome";
import { insertPastDeliveries } from "../newsletters/send/past-deliveries";
import { ruleOfScope, writeHandMadeRound } from "../rounds/hand-made-round";
import { roundDates } from "../rounds/round-dates";
import { dateRule, getRoundSettings, getTimeZone } from "../rounds/round-settings";
import { type CheckInTimes, missAnswers, seedCheckIns } from "./seed-check-ins";

interface HistoryInput {
  now: Date;
  group: { id: number; displayName: string };
  people: SamplePerson[];
  /** The stored user id of each person, in the same order. */
  ids: string[];
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The sample group's rounds on the dates the app gives them (docs/rounds.md, "When"): each
 * published on its pairing day under the group's schedule.
 */
async function publishTimes(tx: Tx, scopeKey: string): Promise<SamplePublishTime> {
  const settings = (await getRoundSettings(tx, [scopeKey])).get(scopeKey);
  if (!settings) throw new Error(`No round settings for scope ${scopeKey}`);
  const rule = dateRule(settings, await scopeSchedule(tx, scopeKey), await getTimeZone(tx));
  return (month) => roundDates(month, rule).publishAt;
}

/**
 * The sample company's story, in a few bulk statements: six completed monthly rounds, each with
 * its completed-pairing record, every match closed (status completed) with its members' answers
 * and its check-in questions (seed-check-ins.ts), and a sent newsletter with its deliveries, send
 * log and archive; then this month's running round with its first answers, its newsletter sent
 * as the others were and, once its check-in date has passed, its questions. The rounds, their dates, records and refused deliveries come from
 * src/shared/sample-company.ts, which /admin-demo shows too; no record is both completed and active.
 */
export async function seedHistory(tx: Tx, input: HistoryInput): Promise<void> {
  const { now, group } = input;
  const rounds = sampleRounds(
    input.people,
    now,
    undefined,
    await publishTimes(tx, String(group.id)),
  );
  const stored = await tx
    .insert(pairings)
    .values(
      rounds.map((round) => {
        const past = round.monthsAgo > 0;
        return {
          name: samplePairingName(round.month, group.displayName),
          month: round.month,
          scopeKey: String(group.id),
          domainGroupId: group.id,
          domainGroupName: group.displayName,
          status: past ? ("completed" as const) : ("active" as const),
          totalPairs: round.matches.length,
          createdAt: round.publishedAt,
          // Each round's newsletter went out when it was published.
          announcedAt: round.publishedAt,
          completedAt: round.completedAt,
        };
      }),
    )
    .returning({
      id: pairings.id,
      completedAt: pairings.completedAt,
      createdAt: pairings.createdAt,
    });
  const running = rounds.length - 1;
  await seedRunningRound(tx, input, rounds[running], stored[running].id);
  await seedQuestionsAsked(tx, input, rounds);
  const asked = await checkInTimes(tx, String(group.id));
  const missAnswer = missAnswers();
  // One round at a time, so that only one round's matches and file are held (100,000 people:
  // 50,000 matches a round; docs/performance.md, "100,000 employees").
  for (const [r, round] of rounds.entries()) {
    const times = asked(round);
    await insertMatchesInBulk(tx, matchesOf(round, stored[r], input, { times, missAnswer }));
    await seedCheckIns(tx, { ...times, pairingId: stored[r].id, now });
  }
  const past = rounds.filter((round) => round.monthsAgo > 0);
  const files: Array<{ fileName: string }> = [];
  for (const round of past) {
    const r = rounds.indexOf(round);
    const fileName = sampleFileName(round.month, group.displayName);
    await tx.insert(completedPairings).values({
      fileName,
      pairingId: stored[r].id,
      name: samplePairingName(round.month, group.displayName),
      month: round.month,
      domainGroupId: group.id,
      domainGroupName: group.displayName,
      matchCount: round.matches.length,
      content: sampleFileContent(round, input.people, group.displayName),
      createdAt: stored[r].completedAt ?? now,
    });
    files.push({ fileName });
  }
  // The running round's newsletter went out when it was published too, linked to it as a
  // running pairing's is (its members told: announcedAt above, docs/rounds.md).
  const announced = [
    ...past.map((round, r) => ({ round, fileName: files[r].fileName })),
    { round: rounds[running], fileName: activePairingFile(stored[running].id) },
  ];
  const sent = await seedSentNewsletters(tx, input, announced);
  await seedActivity(tx, input, { rounds, stored, files, sent });
}

/**
 * When each seeded round asked "Did you meet?" and reminded: the windows of a round started on its
 * pairing day (docs/rounds.md), as its steps date them; nobody was asked in a scope whose rounds
 * are off, which has no check-in step (docs/check-ins.md).
 */
async function checkInTimes(
  tx: Tx,
  scopeKey: string,
): Promise<(round: SampleRound) => CheckInTimes> {
  const { rule, auto } = await ruleOfScope(tx, scopeKey);
  return (round) => {
    if (!auto) return { checkInAt: null, reminderAt: null };
    const { checkInAt, reminderAt } = roundWindows(round.month, rule, round.publishedAt);
    return { checkInAt, reminderAt };
  };
}

/**
 * The running round's steps as a Generate on its pairing day writes them (writeHandMadeRound,
 * docs/rounds.md "A start on any day"): its publish done, its check-in and reminder due on their
 * dates, as for any month paired by hand, so the timeline never calls them "never due". One whose
 * date the seed comes after happened then, as the rest of the story did (nobody is e-mailed
 * for it); a later one the app runs on its date.
 */
async function seedRunningRound(
  tx: Tx,
  { now, group }: HistoryInput,
  round: SampleRound,
  pairingId: number,
) {
  const scopeKey = String(group.id);
  await writeHandMadeRound(tx, { scopeKey, month: round.month, pairingId, at: round.publishedAt });
  await tx
    .update(roundSteps)
    .set({ state: "done", doneAt: sql`${roundSteps.dueAt}`, pairingId })
    .where(
      and(
        eq(roundSteps.scopeKey, scopeKey),
        eq(roundSteps.month, round.month),
        inArray(roundSteps.kind, ["check-in", "reminder"]),
        eq(roundSteps.state, "pending"),
        lte(roundSteps.dueAt, now),
      ),
    );
}

/**
 * The "Still up for coffee chats?" questions the running round asked as it was made, still open
 * (docs/check-ins.md, "Quiet people"): one per person silent in the three rounds before, naming
 * those months, so the admin's "Waiting for an answer" and "Asked if still in" list them and the
 * round left them out. No e-mail is queued, as for the history's check-ins.
 */
async function seedQuestionsAsked(tx: Tx, { group, ids }: HistoryInput, rounds: SampleRound[]) {
  const running = rounds[rounds.length - 1];
  if (running.asked.length === 0) return;
  const silentMonths = rounds.slice(-4, -1).map((round) => round.month);
  await tx.insert(stillInQuestions).values(
    running.asked.map((person) => ({
      userId: ids[person],
      scopeKey: String(group.id),
      silentMonths,
      askedAt: running.publishedAt,
    })),
  );
}

/**
 * The Activity list's lines for the history just seeded (docs/help/rounds.md, "The Activity
 * list": pairings generated, rounds completed, newsletters sent), each at the time it happened and
 * saying it is the sample company's, as no admin did it.
 */
async function seedActivity(
  tx: Tx,
  { group }: HistoryInput,
  history: {
    rounds: SampleRound[];
    stored: Array<{ id: number }>;
    files: Array<{ fileName: string }>;
    sent: Array<{ title: string; month: string; at: Date; people: number }>;
  },
) {
  const scopeKey = String(group.id);
  const name = (month: string) => samplePairingName(month, group.displayName);
  const lines = history.rounds.flatMap((round, r) => {
    const pairingId = history.stored[r].id;
    const common = { scopeKey, month: round.month, pairingId, data: { sample: true } };
    const previous = history.rounds[r - 1];
    const completed = previous && {
      ...common,
      month: previous.month,
      pairingId: history.stored[r - 1].id,
      kind: "round.completed",
      at: round.publishedAt,
      detail: `Completed "${name(previous.month)}" as the ${monthDisplay(round.month)} round was published (${history.files[r - 1]?.fileName}).`,
    };
    const generated = {
      ...common,
      kind: "pairing.generated",
      at: round.publishedAt,
      detail: `Generated "${name(round.month)}" for the sample company: ${round.matches.length} matches.`,
    };
    const newsletter = history.sent.find((n) => n.month === round.month);
    const mailed = newsletter && {
      ...common,
      kind: "newsletter.send-started",
      at: newsletter.at,
      detail: `Sent "${newsletter.title}" to ${newsletter.people} people for the sample company.`,
    };
    return [completed, generated, mailed].filter((line) => line !== undefined);
  });
  await recordPastActivity(tx, lines);
}

function matchesOf(
  round: SampleRound,
  pairing: { id: number; createdAt: Date; completedAt: Date | null },
  { now, ids }: HistoryInput,
  asked: { times: CheckInTimes; missAnswer: ReturnType<typeof missAnswers> },
) {
  /** A sample answer (the API's status) as stored: a miss as its page said it (missAnswers). */
  const stored = (status: ConnectionStatus, at: Date | null) => {
    if (status === "pending" || !at) return null;
    return status === "not_confirmed"
      ? asked.missAnswer(at, asked.times)
      : answerOfMatchesPage[status];
  };
  const answeredBy = round.monthsAgo === 0 ? now : (pairing.completedAt ?? now);
  const span = Math.max(0, answeredBy.getTime() - pairing.createdAt.getTime());
  return round.matches.map((g, i) => {
    const at = (k: number) =>
      g.answers[k] === "pending"
        ? null
        : new Date(pairing.createdAt.getTime() + (span * ((i + k) % 10)) / 10 + DAY / 4);
    return {
      pairingId: pairing.id,
      month: round.month,
      matchDate: pairing.createdAt,
      status: pairing.completedAt ? ("completed" as const) : ("active" as const),
      completedAt: pairing.completedAt,
      members: g.members.map((member, k) => ({
        userId: ids[member],
        answer: stored(g.answers[k], at(k)),
        answeredAt: at(k),
      })),
    };
  });
}

/**
 * Each round's newsletter, the running one's too, sent when its round was published to every
 * member of the round and linked to its pairing (`fileName`); in one month of three the mail
 * server refused one address, as happens.
 */
async function seedSentNewsletters(
  tx: Tx,
  input: HistoryInput,
  announced: Array<{ round: SampleRound; fileName: string }>,
): Promise<Array<{ title: string; month: string; at: Date; people: number }>> {
  const { group, people, ids } = input;
  const inserted = await tx
    .insert(newsletters)
    .values(
      announced.map(({ round, fileName }) => {
        const [year, month] = round.month.split("-").map(Number);
        const at = round.publishedAt;
        return {
          ...defaultNewsletter(month, year),
          status: "sent" as const,
          pairingFile: fileName,
          domainGroupId: group.id,
          mailTransport: "outbox",
          createdAt: addDays(at, -3),
          updatedAt: at,
          approvedAt: addDays(at, -1),
          sentAt: at,
        };
      }),
    )
    // A month that already has a newsletter (seeded into a database in use) keeps it.
    .onConflictDoNothing()
    .returning();
  const sent = inserted.map((newsletter) => {
    const month = `${newsletter.year}-${String(newsletter.month).padStart(2, "0")}`;
    const { round, fileName } = announced.find((a) => a.round.month === month) as {
      round: SampleRound;
      fileName: string;
    };
    return { newsletter, round, fileName, at: newsletter.sentAt as Date };
  });
  for (const { newsletter, round, fileName, at } of sent) {
    // One send at a time, so that only one round's deliveries are held (100,000 people: 50,000+).
    const deliveries = round.matches.flatMap(({ members }) =>
      members.map((member) => {
        const refused = sampleDeliveryRefused(round, member);
        return {
          newsletterId: newsletter.id,
          userId: ids[member],
          recipientEmail: people[member].email,
          matchEmail: members
            .filter((other) => other !== member)
            .map((other) => people[other].email)
            .join(", "),
          state: refused ? ("failed" as const) : ("sent" as const),
          attempts: 1,
          errorCode: refused ? SAMPLE_REFUSAL.code : null,
          errorText: refused ? SAMPLE_REFUSAL.text : null,
          sendStatus: refused ? ("failed" as const) : ("success" as const),
          sentAt: refused ? null : at,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
    await insertPastDeliveries(tx, deliveries);
    await insertSeededLog(tx, { newsletter, fileName, at, group });
    await tx.insert(newsletterArchive).values({
      newsletterId: newsletter.id,
      archiveFilename: archiveFileName(newsletter),
      snapshot: { ...newsletter, totalRecipients: deliveries.length },
      archivedAt: at,
    });
  }
  return sent.map(({ newsletter, round, at }) => ({
    title: newsletter.title,
    month: round.month,
    at,
    people: round.matches.reduce((n, { members }) => n + members.length, 0),
  }));
}

/**
 * A seeded send's e-mail log, its entries built by the database from the deliveries just
 * inserted (as finish-send.ts writes them for a real send), so they are never held here.
 */
async function insertSeededLog(
  tx: Tx,
  {
    newsletter,
    fileName,
    at,
    group,
  }: { newsletter: NewsletterRow; fileName: string; at: Date; group: HistoryInput["group"] },
) {
  const when = at.toISOString();
  await tx.execute(sql`
    with log as (
      insert into email_logs (newsletter_id, newsletter_title, month, year, sent_at, pairing_file,
        archive_filename, domain_group_id, domain_group_name, total_recipients, successful_sends,
        failed_sends, match_validation_summary)
      select ${newsletter.id}::int, ${newsletter.title}, ${newsletter.month}::int,
        ${newsletter.year}::int, ${when}::timestamptz, ${fileName}, ${archiveFileName(newsletter)},
        ${group.id}::int, ${group.displayName}, count(*), count(*) filter (where d.state = 'sent'),
        count(*) filter (where d.state <> 'sent'),
        jsonb_build_object('total_matches', count(*), 'validated_matches', count(*), 'mismatches', 0)
      from newsletter_deliveries d where d.newsletter_id = ${newsletter.id}
      returning id
    )
    insert into email_log_entries (log_id, position, entry)
    select log.id, (row_number() over (order by d.id) - 1)::int, jsonb_build_object(
        'user_email', d.recipient_email, 'match_email', d.match_email,
        'send_status', d.send_status, 'match_validated', true, 'timestamp', ${when}::text,
        'error_message', d.error_text, 'error_code', d.error_code,
        'failure_reason', case when d.state = 'failed' then ${failureReasons.failed}::text end,
        'validation_issues', '[]'::jsonb)
    from log, newsletter_deliveries d where d.newsletter_id = ${newsletter.id}`);
}

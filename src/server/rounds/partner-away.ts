import { and, eq } from "drizzle-orm";
import { MET_ANSWER } from "../../shared/chat-happened";
import { connectionStatusOf } from "../../shared/check-in-answers";
import { longDay } from "../../shared/date-text";
import { formatMatchMonth, joinNames } from "../../shared/matches";
import type { PartnerAwayBody, PartnerAwayResponse } from "../../shared/partner-away";
import { partnerAwayNobodyText } from "../../shared/partner-away-texts";
import { personName } from "../../shared/person-name";
import { dayIn } from "../../shared/round-windows";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { activities, matches, type PairingRow, users } from "../db/schema";
import { BadRequest, Conflict, HttpError, NotFound } from "../errors";
import {
  type MatchWithMembers,
  matchChatHappened,
  memberIds,
  withMembers,
} from "../match-members/match-members";
import {
  type AwayReportData,
  awayReports,
  PARTNER_AWAY_KIND,
} from "../pairings/current/away-reports";
import { type ChangeNotice, queueChangeNotices } from "../pairings/current/change-notices";
import { leaveMatch } from "../pairings/current/leave-match";
import type { RePairNotice } from "../pairings/current/re-pair-mail";
import { placeInTx, RE_PAIRED_KIND } from "../pairings/current/re-pair-person";
import { lockPairing } from "../pairings/locks/pairing-locks";
import { peopleInOrder } from "../people-rows/read-people";
import { notAwayUrl } from "./not-away-link";
import { reportLastDay } from "./report-window";
import { getTimeZone } from "./round-settings";

type Person = RePairNotice["person"];

interface Outcome {
  kind: PartnerAwayResponse["outcome"];
  month: string;
  /** Set when the reporter was re-paired: who to tell. */
  notice: RePairNotice | null;
  partners: Person[];
  /** Everyone to tell after the commit: the person reported away, and a re-pair's match. */
  notices?: ChangeNotice[];
}

/**
 * A member says their partner is away this month (docs/matches.md, "My partner is away"): in the
 * first half of the round the away partner leaves the match and is given to nobody; in a pair the
 * reporter is re-paired by the re-pair operation (pairings/current/re-pair-person.ts), in a trio
 * or a match of four the others stay matched. Once per reporter and pairing, recorded in the activity list.
 *
 * Concurrency: one transaction that locks the pairing's row first (FOR UPDATE) and only then
 * reads the match, as every re-pair of it does, so two reports of one pairing run one after the other, and a Complete waits or has
 * already happened. The re-pair's e-mails go out after the commit.
 */
export async function reportPartnerAway(
  ctx: AppContext,
  userId: string,
  matchId: number,
  body: PartnerAwayBody,
): Promise<PartnerAwayResponse> {
  const secret = await getAuthSecret(ctx);
  const { outcome, notified } = await ctx.db.transaction(async (tx) => {
    const outcome = await reportInTx(ctx, tx, secret, userId, matchId, body.partnerId);
    return { outcome, notified: await queueChangeNotices(ctx, tx, outcome.notices ?? []) };
  });
  const names = outcome.partners.map(personName);
  const period = formatMatchMonth(outcome.month);
  const message = {
    pair: `Thanks for telling us. Your new coffee chat partner for ${period} is ${names[0]}.`,
    trio: `Thanks for telling us. You join ${joinNames(names)} for ${period}, as a group of three.`,
    four: `Thanks for telling us. You join ${joinNames(names)} for ${period}, as a group of four.`,
    stays: `Thanks for telling us. ${joinNames(["You", ...names])} stay matched for ${period}.`,
  }[outcome.kind];
  return { message, outcome: outcome.kind, partners: names, notified };
}

async function reportInTx(
  ctx: AppContext,
  tx: Tx,
  secret: string,
  userId: string,
  matchId: number,
  partnerId: string | undefined,
): Promise<Outcome> {
  const [ref] = await tx
    .select({ pairingId: matches.pairingId })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!ref) throw new NotFound("Match not found");
  // The pairing first, then the match read again inside its lock (pairing-locks.ts): a report,
  // re-pair or deactivation that ran meanwhile is seen, not overwritten.
  const pairing = await lockPairing(tx, ref.pairingId);
  const [row] = await withMembers(
    tx,
    await tx.select().from(matches).where(eq(matches.id, matchId)),
  );
  if (!row || !pairing || !memberIds(row).includes(userId)) throw new NotFound("Match not found");
  const period = formatMatchMonth(row.month);
  if (pairing?.status !== "active" || row.status !== "active") {
    throw new Conflict(
      `Your ${period} match is over, so there is nobody to re-pair you with now.`,
      "pairing_completed",
    );
  }
  const others = memberIds(row).filter((id) => id !== userId);
  await refuseAfterChat(tx, row, userId, others);
  const awayId = partnerId ?? (others.length === 1 ? others[0] : undefined);
  if (!awayId || !others.includes(awayId)) {
    throw new BadRequest("Choose the partner who is away from your match.", "validation");
  }
  await refuseAfterFirstHalf(ctx, tx, pairing);
  // Both read once: the refusal, the activity line and the away partner's notice name them.
  const [reporter, away] = await peopleInOrder(tx, [userId, awayId]);
  await refuseJustPlaced(tx, pairing, away);
  if ((await awayReports(tx, pairing.id)).reporters.has(userId)) {
    throw new Conflict(
      `You already told us a partner is away in ${period}. If something else changed, please ask an admin.`,
      "already_reported",
    );
  }
  const outcome =
    others.length >= 2
      ? await groupGoesOnWithout(tx, row, userId, awayId)
      : await rePairReporter(ctx, tx, pairing, userId, awayId);
  await record(ctx, tx, pairing, reporter, away, outcome);
  const notices: ChangeNotice[] = [
    {
      kind: "reported-away",
      month: pairing.month,
      person: away,
      notAwayUrl: notAwayUrl(ctx, secret, awayId, pairing.id),
    },
  ];
  if (outcome.notice) notices.push({ kind: "re-paired", notice: outcome.notice });
  return { ...outcome, notices };
}

/**
 * Someone who joined this month's match by a re-pair was placed on purpose, and was told: a
 * report cannot take them out again without placing them, so it is refused and an admin decides.
 */
async function refuseJustPlaced(tx: Tx, pairing: PairingRow, away: Person) {
  const [placed] = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.kind, RE_PAIRED_KIND),
        eq(activities.pairingId, pairing.id),
        eq(activities.userId, away.id),
      ),
    )
    .limit(1);
  if (placed) {
    throw new Conflict(
      `${personName(away)} joined your match by a re-pair this month, so we cannot take them out again. If they cannot meet, please ask a Cup of Joe admin.`,
      "just_placed",
    );
  }
}

/**
 * Once the match's chat happened nobody in it is away from it (docs/profile.md, "A chat that
 * already happened stays"; `awayFromMatch`): the match is the month's history and stays.
 */
async function refuseAfterChat(tx: Tx, row: MatchWithMembers, userId: string, others: string[]) {
  if (!matchChatHappened(row)) return;
  const met = new Set(
    row.members.filter((m) => connectionStatusOf(m.answer) === MET_ANSWER).map((m) => m.userId),
  );
  const partners = await peopleInOrder(tx, others);
  const said = met.has(userId)
    ? `You already met ${joinNames(partners.map(personName))} this month`
    : `${joinNames(partners.filter((p) => met.has(p.id)).map(personName))} already answered "Met My Match" for ${formatMatchMonth(row.month)}`;
  throw new Conflict(
    `${said}: that chat stays in your matches and stats, so nobody in it can be reported away.`,
    "chat_happened",
  );
}

async function refuseAfterFirstHalf(ctx: AppContext, tx: Tx, pairing: PairingRow) {
  const lastDay = await reportLastDay(tx, pairing);
  if (lastDay && dayIn(ctx.clock.now(), await getTimeZone(tx)) > lastDay) {
    const last = longDay(lastDay);
    throw new Conflict(
      `A partner can be reported away until the middle of the month (${last}); after that a new partner would have little time to meet. You can answer "Missed This Month" instead.`,
      "second_half",
    );
  }
}

async function groupGoesOnWithout(
  tx: Tx,
  row: MatchWithMembers,
  userId: string,
  awayId: string,
): Promise<Outcome> {
  await leaveMatch(tx, row, awayId);
  const staying = memberIds(row).filter((id) => id !== userId && id !== awayId);
  const people = await peopleInOrder(tx, staying);
  return { kind: "stays", month: row.month, notice: null, partners: people };
}

async function rePairReporter(
  ctx: AppContext,
  tx: Tx,
  pairing: PairingRow,
  userId: string,
  awayId: string,
): Promise<Outcome> {
  try {
    // No admin asks: only a match whose members all chose groups is joined, and only by someone
    // who chose one too (docs/matches.md, "My partner is away").
    const notice = await placeInTx(ctx, tx, pairing.id, userId, { alsoAway: [awayId] });
    return { kind: notice.kind, month: pairing.month, notice, partners: notice.partners };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
    throw new Conflict(
      error.code === "no_partner"
        ? partnerAwayNobodyText(await chosenSize(tx, userId))
        : `We could not re-pair you: ${error.message}`,
      error.code,
    );
  }
}

/** The match size the person chose on their profile (docs/profile.md). */
async function chosenSize(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ size: users.preferredGroupSize })
    .from(users)
    .where(eq(users.id, userId));
  return row?.size ?? 2;
}

async function record(
  ctx: AppContext,
  tx: Tx,
  pairing: PairingRow,
  reporter: Person,
  away: Person,
  outcome: Outcome,
) {
  const partners = outcome.partners.map(namedPerson);
  const said = [namedPerson(reporter), namedPerson(away)] as const;
  const detail =
    outcome.kind === "stays"
      ? peopleLine`${said[0]} said ${said[1]} is away this month; ${[said[0], ...partners]} stay matched.`
      : peopleLine`${said[0]} said ${said[1]} is away this month; ${said[0]} now meets ${partners}.`;
  const data: AwayReportData = { reportedBy: reporter.id };
  await recordActivity(
    ctx,
    {
      kind: PARTNER_AWAY_KIND,
      detail,
      userId: away.id,
      scopeKey: pairing.scopeKey,
      month: pairing.month,
      pairingId: pairing.id,
      data: { ...data },
    },
    tx,
  );
}

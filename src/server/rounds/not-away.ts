import { and, desc, eq } from "drizzle-orm";
import { longDay } from "../../shared/date-text";
import { formatMatchMonth, joinNames } from "../../shared/matches";
import type { AwayStatusResponse, NotAwayResponse } from "../../shared/partner-away";
import { personName } from "../../shared/person-name";
import { dayIn } from "../../shared/round-windows";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import { getAuthSecret } from "../app-secret";
import { refuseClosedAccount } from "../check-ins/closed-account";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { activities, pairings } from "../db/schema";
import { BadRequest, Conflict, HttpError } from "../errors";
import { verifyLinkToken } from "../mail/signed-links";
import { matchChatHappened, withMembers } from "../match-members/match-members";
import { awayReports, NOT_AWAY_KIND, PARTNER_AWAY_KIND } from "../pairings/current/away-reports";
import { type ChangeNotice, queueChangeNotices } from "../pairings/current/change-notices";
import { placeInTx } from "../pairings/current/re-pair-person";
import { waitingOf } from "../pairings/current/waiting-for-partner";
import { lockPairing } from "../pairings/locks/pairing-locks";
import { peopleInRunningMatches, runningMatchesOf } from "../pairings/scope/running-members";
import { peopleInOrder } from "../people-rows/read-people";
import { reportLastDay } from "./report-window";
import { getTimeZone } from "./round-settings";

export const INVALID_NOT_AWAY_LINK =
  "This link is not valid. Please use the link from your e-mail, or sign in and open your Matches page.";

/** The latest report that the person is away in a running pairing, unless they said otherwise since. */
async function openReport(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({
      kind: activities.kind,
      at: activities.at,
      pairingId: activities.pairingId,
      month: activities.month,
    })
    .from(activities)
    .innerJoin(pairings, eq(pairings.id, activities.pairingId))
    .where(and(eq(activities.userId, userId), eq(pairings.status, "active")))
    .orderBy(desc(activities.id))
    .limit(1);
  return row?.kind === PARTNER_AWAY_KIND && row.pairingId ? row : null;
}

/**
 * What the person's pages say when they are in no match: a partner reported them away, or they
 * wait for a partner because theirs left (docs/matches.md).
 */
export async function awayStatus(ctx: AppContext, userId: string): Promise<AwayStatusResponse> {
  const reportUntil = await reportWindow(ctx, userId);
  const mine = await waitingOf(ctx.db, userId, utcDayOf(ctx.clock.now()));
  const waiting = mine
    ? { month: mine.month, formerPartners: mine.formerPartners, since: mine.since }
    : null;
  const report = await openReport(ctx, userId);
  if (!report?.month || (await peopleInRunningMatches(ctx.db, report.month)).has(userId)) {
    return { away: null, waiting, reportUntil };
  }
  return {
    away: { month: report.month, reportedAt: report.at.toISOString() },
    waiting,
    reportUntil,
  };
}

/**
 * Until when the person may report a partner of their current match away: only in the round's
 * first half, once per pairing and before the match's chat happened (rounds/partner-away.ts), so
 * the button shows only while it works.
 */
async function reportWindow(ctx: AppContext, userId: string) {
  const [current] = await runningMatchesOf(ctx.db, userId);
  if (!current) return null;
  const [match] = await withMembers(ctx.db, [current.match]);
  if (matchChatHappened(match)) return null;
  if ((await awayReports(ctx.db, current.pairing.id)).reporters.has(userId)) return null;
  const lastDay = await reportLastDay(ctx.db, current.pairing);
  if (!lastDay) return { iso: null, display: null };
  if (dayIn(ctx.clock.now(), await getTimeZone(ctx.db)) > lastDay) return null;
  return { iso: lastDay, display: longDay(lastDay) };
}

/** "I'm not away" from the e-mail's page: the token names the person and the pairing. */
export async function sayNotAwayByLink(ctx: AppContext, token: string) {
  const verified = verifyLinkToken(await getAuthSecret(ctx), "not-away", token, ctx.clock.now());
  if (!verified.ok) {
    if (verified.reason === "expired") {
      throw new HttpError(
        410,
        "This link has expired: the month it was about is over.",
        "expired_link",
      );
    }
    throw new BadRequest(INVALID_NOT_AWAY_LINK, "invalid_link");
  }
  await refuseClosedAccount(ctx.db, verified.claims.userId);
  return sayNotAway(ctx, verified.claims.userId, verified.claims.id);
}

/** "I'm not away" from the signed-in person's Matches page. */
export async function sayNotAwayNow(ctx: AppContext, userId: string) {
  const report = await openReport(ctx, userId);
  if (!report?.pairingId) {
    throw new Conflict("Nobody has said you are away this month.", "not_reported");
  }
  return sayNotAway(ctx, userId, report.pairingId);
}

/**
 * Puts a person a partner reported away back among the people without a partner, and places them
 * at once when someone free can meet them (the re-pair's own choice). Nobody in a running match
 * asked for them, so a match is joined only when they and everyone in it chose a group
 * (re-pair-person.ts, a re-pair no admin asked for). Idempotent: a second press finds them placed
 * or already back. Locks the pairing first, as every operation on it does.
 */
async function sayNotAway(
  ctx: AppContext,
  userId: string,
  pairingId: number,
): Promise<NotAwayResponse> {
  const result = await ctx.db.transaction(async (tx) => {
    const pairing = await lockPairing(tx, pairingId);
    if (pairing?.status !== "active") {
      throw new Conflict(
        "That month's pairing is over, so there is nothing to change now.",
        "pairing_completed",
      );
    }
    const period = formatMatchMonth(pairing.month);
    if ((await peopleInRunningMatches(tx, pairing.month)).has(userId)) {
      return {
        message: `You already have a coffee chat match for ${period}: it is on your Matches page.`,
        placed: true,
        notices: [],
      };
    }
    const [person] = await peopleInOrder(tx, [userId]);
    await recordActivity(
      ctx,
      {
        kind: NOT_AWAY_KIND,
        detail: peopleLine`${namedPerson(person)} said they are not away in ${period} after all.`,
        userId,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId,
      },
      tx,
    );
    try {
      const notice = await tx.transaction((sp) => placeInTx(ctx, sp, pairingId, userId));
      const names = joinNames(notice.partners.map(personName));
      const notices: ChangeNotice[] = [{ kind: "re-paired", notice }];
      await queueChangeNotices(ctx, tx, notices);
      return { message: `Welcome back! You meet ${names} for ${period}.`, placed: true, notices };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      return {
        message: `Thanks! You are back in ${period}'s round. Nobody without a partner is free right now; if someone needs a partner this month, we will pair you and e-mail you.`,
        placed: false,
        notices: [],
      };
    }
  });
  return { message: result.message, placed: result.placed };
}

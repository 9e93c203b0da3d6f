import { and, eq } from "drizzle-orm";
import {
  type CheckInAnswer,
  type CheckInBody,
  type CheckInView,
  checkInConfirmations,
} from "../../shared/check-ins";
import { monthDisplay } from "../../shared/pairings";
import { personName } from "../../shared/person-name";
import { getAuthSecret } from "../app-secret";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";
import { BadRequest, HttpError, NotFound } from "../errors";
import { verifyLinkToken } from "../mail/signed-links";
import {
  answerOf,
  isMemberSql,
  type MatchWithMembers,
  memberIds,
  setMemberAnswer,
  withMembers,
} from "../match-members/match-members";
import { lockMemberMatch } from "../matches/open-pairing";
import { peopleInOrder } from "../people-rows/read-people";
import { showAnswerInSlack } from "../slack/show-answer-in-slack";
import { showAnswerInTeams } from "../teams/show-answer-in-teams";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event";
import { refuseClosedAccount } from "./closed-account";
import { confirmationOf } from "./reminder-ahead";

export const INVALID_CHECK_IN_LINK =
  "This check-in link is not valid. Please use the link from your e-mail.";
export const EXPIRED_CHECK_IN_LINK =
  "This check-in link has expired. You can still tell us on your Matches page after signing in.";
export const CHANGED_MATCH =
  "Your match has changed since this e-mail was sent. Your current match is on your Matches page.";

/** What the check-in page shows: the partner(s), the month and the answer so far. Changes nothing. */
export async function checkInView(ctx: AppContext, token: string): Promise<CheckInView> {
  const { userId, matchId } = await claimsOf(ctx, token);
  return present(ctx, userId, await memberMatch(ctx, userId, matchId));
}

/**
 * The press on the check-in page: the person's answer on their match (docs/check-ins.md,
 * "Answers": Met counts as "Met My Match", Not yet and Skip as "Missed This Month"), on their own
 * side only. The answer can change
 * until the month's pairing is completed. A Slack check-in or Teams card already sent is updated
 * to show it.
 */
export async function answerCheckIn(ctx: AppContext, body: CheckInBody): Promise<CheckInView> {
  const { userId, matchId } = await claimsOf(ctx, body.token);
  const view = await recordCheckInAnswer(ctx, { userId, matchId, answer: body.answer });
  // The Slack question or Teams card already sent shows the answer too (docs/chat.md).
  const answered = {
    userId,
    matchId,
    partners: view.partners,
    message: view.message ?? checkInConfirmations[body.answer],
  };
  await showAnswerInSlack(ctx, answered);
  await showAnswerInTeams(ctx, answered);
  return view;
}

/**
 * Records a person's answer on their match, from the check-in page or a Slack button
 * (docs/chat.md): under the pairing's lock, re-reading the match inside it (a match that changed
 * answers 404 with CHANGED_MATCH, a completed month 409), and tells the webhooks.
 */
export async function recordCheckInAnswer(
  ctx: AppContext,
  { userId, matchId, answer }: { userId: string; matchId: number; answer: CheckInAnswer },
): Promise<CheckInView> {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const match = await lockMemberMatch(tx, userId, matchId, CHANGED_MATCH);
    await setMemberAnswer(tx, match.id, userId, answer, now);
    await emitWebhookEvent(ctx, tx, {
      type: "check_in.answered",
      key: `match-${matchId}-user-${userId}-${now.getTime()}`,
      data: { matchId, pairingId: match.pairingId, userId, answer },
    });
    return match;
  });
  const [withAnswer] = await withMembers(ctx.db, [updated]);
  const message = await confirmationOf(ctx, answer, { pairingId: updated.pairingId, userId });
  return { ...(await present(ctx, userId, withAnswer)), message };
}

async function claimsOf(ctx: AppContext, token: string) {
  const verified = verifyLinkToken(await getAuthSecret(ctx), "check-in", token, ctx.clock.now());
  if (!verified.ok) {
    if (verified.reason === "expired")
      throw new HttpError(410, EXPIRED_CHECK_IN_LINK, "expired_link");
    throw new BadRequest(INVALID_CHECK_IN_LINK, "invalid_check_in_link");
  }
  await refuseClosedAccount(ctx.db, verified.claims.userId);
  return { userId: verified.claims.userId, matchId: verified.claims.id };
}

async function memberMatch(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<MatchWithMembers> {
  const [match] = await ctx.db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), isMemberSql(matches.id, userId)));
  if (!match) throw new NotFound(CHANGED_MATCH);
  const [full] = await withMembers(ctx.db, [match]);
  return full;
}

async function present(
  ctx: AppContext,
  userId: string,
  match: MatchWithMembers,
): Promise<CheckInView> {
  const others = memberIds(match).filter((id) => id !== userId);
  const [partners, [pairing]] = await Promise.all([
    peopleInOrder(ctx.db, others),
    ctx.db
      .select({ status: pairings.status })
      .from(pairings)
      .where(eq(pairings.id, match.pairingId)),
  ]);
  return {
    partners: partners.map(personName),
    month: monthDisplay(match.month),
    answer: answerOf(match, userId),
    open: pairing?.status === "active",
  };
}

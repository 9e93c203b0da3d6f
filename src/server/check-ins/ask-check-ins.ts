import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { lockMember } from "../match-members/member-locks";
import { askCheckInInSlack } from "../slack/check-in-in-slack";
import { askCheckInInTeams } from "../teams/queue-teams";
import { askMember, type CheckInRun, openCheckInRun } from "./ask-member";
import type { MemberOfMatch } from "./check-in-members";

/**
 * The check-in step of a round (docs/check-ins.md): everyone in the pairing whose answer is
 * still pending, and who can be written to, gets "Did you meet {partner}?" once.
 *
 * Concurrency: each person's check-in row (unique per pairing and person) is claimed by an
 * insert, then marked sent (sent_at) in the transaction that queues the e-mail in the outbox
 * (which delivers it through a mail-server outage too), so two runs at once, or a run again after
 * a restart, ask nobody twice, and a claim whose run died before queueing is asked by the run
 * that takes the step over.
 * A completed pairing asks nobody. Someone reached in Slack (or Teams) gets the question there
 * (slack/check-in-in-slack.ts, docs/chat.md), queued in the chat ledger under its own key.
 */
export async function askCheckIns(
  ctx: AppContext,
  { pairingId }: { pairingId: number },
): Promise<CheckInRun> {
  const { run, open } = await openCheckInRun(ctx, pairingId);
  if (!open) return run;
  const { pairing, members } = open;
  for (const member of members) {
    if (member.answer !== null) continue;
    const claim = await claimQuestion(ctx, pairingId, member);
    if (!claim) continue;
    const question = { pairingId, matchId: member.match.id, userId: member.recipient.id };
    const inChannels = await askCheckInInSlack(ctx, question);
    if (
      inChannels === "channels-only" ||
      (await askCheckInInTeams(ctx, question)) === "channels-only"
    ) {
      await markSent(ctx, claim.id);
      run.sent++;
      run.userIds.push(member.recipient.id);
      continue;
    }
    await askMember(ctx, pairing, member, {
      reminder: false,
      run,
      markSent: (tx) =>
        tx.update(checkIns).set({ sentAt: ctx.clock.now() }).where(eq(checkIns.id, claim.id)),
    });
  }
  return run;
}

async function markSent(ctx: AppContext, checkInId: number) {
  await ctx.db.update(checkIns).set({ sentAt: ctx.clock.now() }).where(eq(checkIns.id, checkInId));
}

/**
 * Claims the person's question: a new check-in row, or one a run that died left claimed but never
 * sent (no sent_at). The step runs under its lease (jobs/definitions/round-steps.ts), so an
 * unsent claim it finds is no other live run's; the compare on asked_at still lets one of two
 * runs at once take it. The member's row is locked first and re-read: someone who answered on
 * the page meanwhile (their answer is on the match, docs/check-ins.md) is not asked.
 */
async function claimQuestion(ctx: AppContext, pairingId: number, member: MemberOfMatch) {
  const now = ctx.clock.now();
  const userId = member.recipient.id;
  const matchId = member.match.id;
  return ctx.db.transaction(async (tx) => {
    const self = await lockMember(tx, matchId, userId);
    if (!self || self.answer !== null) return null;
    const [fresh] = await tx
      .insert(checkIns)
      .values({ pairingId, matchId, userId, askedAt: now })
      .onConflictDoNothing()
      .returning({ id: checkIns.id });
    if (fresh) return fresh;
    const [left] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.pairingId, pairingId), eq(checkIns.userId, userId)));
    if (!left || left.sentAt) return null;
    const [taken] = await tx
      .update(checkIns)
      .set({ askedAt: now, matchId })
      .where(
        and(eq(checkIns.id, left.id), isNull(checkIns.sentAt), eq(checkIns.askedAt, left.askedAt)),
      )
      .returning({ id: checkIns.id });
    return taken ?? null;
  });
}

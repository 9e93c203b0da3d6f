import { and, eq, isNull } from "drizzle-orm";
import { getAuthSecret } from "../auth/auth-secret";
import { askCheckInInChat } from "../chat/check-in-in-chat";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { askMember, type CheckInRun, type Log, quietLog } from "./ask-member";
import { type MemberOfMatch, reachableMembers, runningPairing } from "./check-in-members";

/**
 * The check-in step of a round (docs/check-ins.md): everyone in the pairing whose answer is
 * still pending, and who can be written to, gets "Did you meet {partner}?" once.
 *
 * Concurrency: each person's check-in row (unique per pairing and person) is claimed by an
 * insert before the e-mail goes out, and marked sent (sent_at) once it went out, so two runs at
 * once, or a run again after a restart, ask nobody twice, and a claim whose run died before
 * sending is asked by the run that takes the step over. A refused e-mail gives its claim back.
 * A completed pairing asks nobody. Someone reached in Slack gets the question there
 * (chat/check-in-in-chat.ts, docs/chat.md), queued in the chat ledger under its own key.
 */
export async function askCheckIns(
  ctx: AppContext,
  { pairingId, log = quietLog }: { pairingId: number; log?: Log },
): Promise<CheckInRun> {
  const run: CheckInRun = { sent: 0, failed: 0, userIds: [] };
  const pairing = await runningPairing(ctx, pairingId);
  if (!pairing) return run;
  const secret = await getAuthSecret(ctx);
  for (const member of await reachableMembers(ctx, pairing)) {
    if (member.status !== "pending") continue;
    const claim = await claimQuestion(ctx, pairingId, member);
    if (!claim) continue;
    const question = { pairingId, matchId: member.match.id, userId: member.recipient.id };
    if ((await askCheckInInChat(ctx, question)) === "chat-only") {
      await markSent(ctx, claim.id);
      run.sent++;
      run.userIds.push(member.recipient.id);
      continue;
    }
    const before = run.sent;
    await askMember(ctx, secret, pairing, member, {
      reminder: false,
      run,
      log,
      release: () => ctx.db.delete(checkIns).where(eq(checkIns.id, claim.id)),
    });
    if (run.sent > before) await markSent(ctx, claim.id);
  }
  return run;
}

async function markSent(ctx: AppContext, checkInId: number) {
  await ctx.db.update(checkIns).set({ sentAt: ctx.clock.now() }).where(eq(checkIns.id, checkInId));
}

/**
 * Claims the person's question: a new check-in row, or one a run that died left claimed but never
 * sent (no answer, no sent_at). The step runs under its lease (jobs/definitions/round-steps.ts), so an
 * unsent claim it finds is no other live run's; the compare on asked_at still lets one of two
 * runs at once take it.
 */
async function claimQuestion(ctx: AppContext, pairingId: number, member: MemberOfMatch) {
  const now = ctx.clock.now();
  const [fresh] = await ctx.db
    .insert(checkIns)
    .values({ pairingId, matchId: member.match.id, userId: member.recipient.id, askedAt: now })
    .onConflictDoNothing()
    .returning({ id: checkIns.id });
  if (fresh) return fresh;
  const [left] = await ctx.db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.pairingId, pairingId), eq(checkIns.userId, member.recipient.id)));
  if (!left || left.sentAt || left.answer) return null;
  const [taken] = await ctx.db
    .update(checkIns)
    .set({ askedAt: now, matchId: member.match.id })
    .where(
      and(
        eq(checkIns.id, left.id),
        isNull(checkIns.sentAt),
        isNull(checkIns.answer),
        eq(checkIns.askedAt, left.askedAt),
      ),
    )
    .returning({ id: checkIns.id });
  return taken ?? null;
}

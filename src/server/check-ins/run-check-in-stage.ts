import { eq } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { fullName } from "../pairings/members/pairing-members";
import { joinNames, sendCheckInMail } from "./check-in-mail";
import { reachableMembers, runningPairing } from "./check-in-members";

export type Log = { error(obj: unknown, message: string): void };

export interface CheckInRun {
  /** E-mails sent by this run. */
  sent: number;
  /** E-mails the transport refused; their claims were undone, so the next run tries again. */
  failed: number;
  /** The people written to (for the activity list). */
  userIds: string[];
}

const quietLog: Log = { error() {} };

/**
 * The check-in stage of a round (docs/check-ins.md): everyone in the pairing whose answer is
 * still pending, and who can be written to, gets "Did you meet {partner}?" once.
 *
 * Concurrency: each person's check-in row (unique per pairing and person) is claimed by an
 * insert before the e-mail goes out, so two runs at once, or a run again after a restart, ask
 * nobody twice. A refused e-mail gives its claim back. A completed pairing asks nobody.
 */
export async function runCheckInStage(
  ctx: AppContext,
  { pairingId, log = quietLog }: { pairingId: number; log?: Log },
): Promise<CheckInRun> {
  const run: CheckInRun = { sent: 0, failed: 0, userIds: [] };
  const pairing = await runningPairing(ctx, pairingId);
  if (!pairing) return run;
  const secret = await getAuthSecret(ctx);
  for (const member of await reachableMembers(ctx, pairing)) {
    if (member.status !== "pending") continue;
    const [claim] = await ctx.db
      .insert(checkIns)
      .values({
        pairingId,
        matchId: member.match.id,
        userId: member.recipient.id,
        askedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: checkIns.id });
    if (!claim) continue;
    try {
      await sendCheckInMail(ctx, secret, {
        recipient: member.recipient,
        matchId: member.match.id,
        month: pairing.month,
        partnerNames: member.partnerNames,
        reminder: false,
      });
      run.sent++;
      run.userIds.push(member.recipient.id);
      await recordActivity(ctx, {
        kind: "check-in.sent",
        detail: `Asked ${fullName(member.recipient)} whether they met ${joinNames(member.partnerNames)} (${monthDisplay(pairing.month)}).`,
        userId: member.recipient.id,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId,
      });
    } catch (error) {
      await ctx.db.delete(checkIns).where(eq(checkIns.id, claim.id));
      log.error(error, `The check-in e-mail to user ${member.recipient.id} could not be sent.`);
      run.failed++;
    }
  }
  return run;
}

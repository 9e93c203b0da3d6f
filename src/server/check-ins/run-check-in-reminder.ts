import { and, eq, isNull } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { fullName } from "../pairings/members/pairing-members";
import { joinNames, sendCheckInMail } from "./check-in-mail";
import { reachableMembers, runningPairing } from "./check-in-members";
import type { CheckInRun, Log } from "./run-check-in-stage";

const quietLog: Log = { error() {} };

/**
 * The one reminder of a month's check-in (docs/check-ins.md): to each person who was asked and
 * has still not answered, or answered "Not yet" and has not reported meeting since. Nobody is
 * reminded twice: the reminder is claimed on the person's check-in row (reminded_at) before
 * the e-mail goes out, and a refused e-mail gives the claim back.
 */
export async function runCheckInReminder(
  ctx: AppContext,
  { pairingId, log = quietLog }: { pairingId: number; log?: Log },
): Promise<CheckInRun> {
  const run: CheckInRun = { sent: 0, failed: 0, userIds: [] };
  const pairing = await runningPairing(ctx, pairingId);
  if (!pairing) return run;
  const rows = await ctx.db.select().from(checkIns).where(eq(checkIns.pairingId, pairingId));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  const secret = await getAuthSecret(ctx);
  for (const member of await reachableMembers(ctx, pairing)) {
    const row = byUser.get(member.recipient.id);
    if (!row || row.remindedAt) continue;
    const waiting =
      member.status === "pending" || (row.answer === "not_yet" && member.status !== "confirmed");
    if (!waiting) continue;
    const [claim] = await ctx.db
      .update(checkIns)
      .set({ remindedAt: ctx.clock.now() })
      .where(and(eq(checkIns.id, row.id), isNull(checkIns.remindedAt)))
      .returning({ id: checkIns.id });
    if (!claim) continue;
    try {
      await sendCheckInMail(ctx, secret, {
        recipient: member.recipient,
        matchId: member.match.id,
        month: pairing.month,
        partnerNames: member.partnerNames,
        reminder: true,
      });
      run.sent++;
      run.userIds.push(member.recipient.id);
      await recordActivity(ctx, {
        kind: "check-in.reminded",
        detail: `Reminded ${fullName(member.recipient)} whether they met ${joinNames(member.partnerNames)} (${monthDisplay(pairing.month)}).`,
        userId: member.recipient.id,
        scopeKey: pairing.scopeKey,
        month: pairing.month,
        pairingId,
      });
    } catch (error) {
      await ctx.db.update(checkIns).set({ remindedAt: null }).where(eq(checkIns.id, row.id));
      log.error(error, `The check-in reminder to user ${member.recipient.id} could not be sent.`);
      run.failed++;
    }
  }
  return run;
}

import { eq } from "drizzle-orm";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { askMember, type CheckInRun, type Log, quietLog } from "./ask-member";
import { reachableMembers, runningPairing } from "./check-in-members";

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
    await askMember(ctx, secret, pairing, member, {
      reminder: false,
      run,
      log,
      release: () => ctx.db.delete(checkIns).where(eq(checkIns.id, claim.id)),
    });
  }
  return run;
}

import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { checkIns } from "../db/schema";
import { askedInSlackOnly } from "../slack/check-in-in-slack";
import { askedInTeamsOnly } from "../teams/queue-teams";
import { askMember, type CheckInRun, openCheckInRun } from "./ask-member";

/**
 * The one reminder of a month's check-in (docs/check-ins.md): to each person who was asked and
 * has still not answered, or answered "Not yet" and has not reported meeting since. Nobody is
 * reminded twice: the reminder is claimed on the person's check-in row (reminded_at) before
 * it is queued and marked sent (reminder_sent_at) in the transaction that queues it in the
 * outbox, and a claim left unsent by a run that died is sent by the run that takes the step over
 * (the step runs under its lease, jobs/definitions/round-steps.ts).
 */
export async function remindCheckIns(
  ctx: AppContext,
  { pairingId }: { pairingId: number },
): Promise<CheckInRun> {
  const { run, open } = await openCheckInRun(ctx, pairingId);
  if (!open) return run;
  const { pairing, members } = open;
  const rows = await ctx.db.select().from(checkIns).where(eq(checkIns.pairingId, pairingId));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  for (const member of members) {
    const row = byUser.get(member.recipient.id);
    if (!row || row.reminderSentAt) continue;
    // No answer yet, or Not yet and no other answer since (docs/check-ins.md, "Answers").
    if (member.answer !== null && member.answer !== "not_yet") continue;
    // Asked in Slack alone: no e-mail reminder (docs/chat.md, "Where people are reached").
    const question = { pairingId, userId: member.recipient.id };
    if (await askedInSlackOnly(ctx, question)) continue;
    if (await askedInTeamsOnly(ctx, question)) continue;
    // A new claim, or one a run that died left claimed but never sent (compare on reminded_at).
    const [claim] = await ctx.db
      .update(checkIns)
      .set({ remindedAt: ctx.clock.now() })
      .where(
        and(
          eq(checkIns.id, row.id),
          isNull(checkIns.reminderSentAt),
          row.remindedAt ? eq(checkIns.remindedAt, row.remindedAt) : isNull(checkIns.remindedAt),
        ),
      )
      .returning({ id: checkIns.id });
    if (!claim) continue;
    await askMember(ctx, pairing, member, {
      reminder: true,
      run,
      markSent: (tx) =>
        tx.update(checkIns).set({ reminderSentAt: ctx.clock.now() }).where(eq(checkIns.id, row.id)),
    });
  }
  return run;
}

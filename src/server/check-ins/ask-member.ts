import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import { namedPerson, peopleLine } from "../activity/people-line";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { PairingRow } from "../db/schema";
import { checkInQuestion } from "../outbox/kinds/check-in-question";
import { greetingOf } from "../outbox/personal-links";
import { queue } from "../outbox/queue";
import { type MemberOfMatch, reachableMembers, runningPairing } from "./check-in-members";

export interface CheckInRun {
  /** People asked by this run (by e-mail through the outbox, or in Slack or Teams). */
  sent: number;
  /** The people written to (for the activity list). */
  userIds: string[];
}

/**
 * How the question and the reminder runs both start: an empty run record and, while the pairing
 * still runs, the pairing and its members who can be
 * written to (check-in-members.ts). A completed pairing asks nobody: `open` is null.
 */
export async function openCheckInRun(ctx: AppContext, pairingId: number) {
  const run: CheckInRun = { sent: 0, userIds: [] };
  const pairing = await runningPairing(ctx, pairingId);
  if (!pairing) return { run, open: null };
  return { run, open: { pairing, members: await reachableMembers(ctx, pairing) } };
}

interface Ask {
  reminder: boolean;
  run: CheckInRun;
  /** Records the claim as sent, in the transaction that queues the e-mail. */
  markSent: (tx: Tx) => Promise<unknown>;
}

/**
 * Queues one claimed check-in question (or its reminder) in the outbox, in one transaction with
 * the claim's "sent" mark (the outbox delivers it, through a mail-server outage too), and records
 * it in the activity list.
 */
export async function askMember(
  ctx: AppContext,
  pairing: PairingRow,
  member: MemberOfMatch,
  { reminder, run, markSent }: Ask,
): Promise<void> {
  const { recipient } = member;
  await ctx.db.transaction(async (tx) => {
    await queue(ctx, tx, checkInQuestion, [recipient.email], {
      userId: recipient.id,
      greeting: greetingOf(recipient),
      pairingId: pairing.id,
      matchId: member.match.id,
      month: pairing.month,
      partnerNames: member.partnerNames,
      reminder,
    });
    await markSent(tx);
  });
  run.sent++;
  run.userIds.push(recipient.id);
  await recordActivity(ctx, {
    kind: reminder ? "check-in.reminded" : "check-in.sent",
    detail: peopleLine`${reminder ? "Reminded" : "Asked"} ${namedPerson(recipient)} whether they met ${member.partners.map(namedPerson)} (${monthDisplay(pairing.month)}).`,
    userId: recipient.id,
    scopeKey: pairing.scopeKey,
    month: pairing.month,
    pairingId: pairing.id,
  });
}

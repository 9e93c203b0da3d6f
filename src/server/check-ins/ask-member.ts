import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import { peopleLine } from "../activity/people-line";
import { getAuthSecret } from "../auth/auth-secret";
import type { AppContext } from "../context";
import type { PairingRow } from "../db/schema";
import { named } from "../pairings/scope/pairing-members";
import { sendCheckInMail } from "./check-in-mail";
import { type MemberOfMatch, reachableMembers, runningPairing } from "./check-in-members";

export type Log = { error(obj: unknown, message: string): void };

export const quietLog: Log = { error() {} };

export interface CheckInRun {
  /** E-mails sent by this run. */
  sent: number;
  /** E-mails the transport refused; their claims were undone, so the next run tries again. */
  failed: number;
  /** The people written to (for the activity list). */
  userIds: string[];
}

/**
 * How the question and the reminder runs both start: an empty run record and, while the pairing
 * still runs, the pairing, the secret its links are signed with and its members who can be
 * written to (check-in-members.ts). A completed pairing asks nobody: `open` is null.
 */
export async function openCheckInRun(ctx: AppContext, pairingId: number) {
  const run: CheckInRun = { sent: 0, failed: 0, userIds: [] };
  const pairing = await runningPairing(ctx, pairingId);
  if (!pairing) return { run, open: null };
  const [secret, members] = await Promise.all([getAuthSecret(ctx), reachableMembers(ctx, pairing)]);
  return { run, open: { pairing, secret, members } };
}

interface Ask {
  reminder: boolean;
  run: CheckInRun;
  log: Log;
  /** Gives the claim back when the e-mail could not be sent, so the next run tries again. */
  release: () => Promise<unknown>;
}

/** Sends one claimed check-in question (or its reminder) and records it in the activity list. */
export async function askMember(
  ctx: AppContext,
  secret: string,
  pairing: PairingRow,
  member: MemberOfMatch,
  { reminder, run, log, release }: Ask,
): Promise<void> {
  const { recipient } = member;
  try {
    await sendCheckInMail(ctx, secret, {
      recipient,
      matchId: member.match.id,
      month: pairing.month,
      partnerNames: member.partnerNames,
      reminder,
    });
    run.sent++;
    run.userIds.push(recipient.id);
    await recordActivity(ctx, {
      kind: reminder ? "check-in.reminded" : "check-in.sent",
      detail: peopleLine`${reminder ? "Reminded" : "Asked"} ${named(recipient)} whether they met ${member.partners.map(named)} (${monthDisplay(pairing.month)}).`,
      userId: recipient.id,
      scopeKey: pairing.scopeKey,
      month: pairing.month,
      pairingId: pairing.id,
    });
  } catch (error) {
    await release();
    const what = reminder ? "check-in reminder" : "check-in e-mail";
    log.error(error, `The ${what} to user ${recipient.id} could not be sent.`);
    run.failed++;
  }
}

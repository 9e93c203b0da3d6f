import { joinNames } from "../../shared/matches";
import { monthDisplay } from "../../shared/pairings";
import { recordActivity } from "../activity/activity";
import type { AppContext } from "../context";
import type { PairingRow } from "../db/schema";
import { fullName } from "../pairings/scope/pairing-members";
import { sendCheckInMail } from "./check-in-mail";
import type { MemberOfMatch } from "./check-in-members";

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
      detail: `${reminder ? "Reminded" : "Asked"} ${fullName(recipient)} whether they met ${joinNames(member.partnerNames)} (${monthDisplay(pairing.month)}).`,
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

import { joinNames } from "../../shared/matches";
import { monthDisplay } from "../../shared/pairings";
import type { AppContext } from "../context";
import { signLinkToken } from "../mail/signed-links";
import { CheckInEmail } from "../mail/templates/check-in-email";
import { type Recipient, sendAutomaticMail } from "../newsletters/send/automatic-mail";

/** A check-in link works this long: past the month's pairing, with room for a late answer. */
export const CHECK_IN_LINK_DAYS = 45;
const DAY_MS = 86_400_000;

export interface CheckInMail {
  recipient: Recipient;
  matchId: number;
  month: string;
  partnerNames: string[];
  reminder: boolean;
}

export function checkInUrl(appUrl: string, token: string, choice?: string): string {
  const base = `${appUrl}/check-in?token=${encodeURIComponent(token)}`;
  return choice ? `${base}&choice=${choice}` : base;
}

/** "Did you meet {partner}?" to one person, with links bound to them and this match. */
export async function sendCheckInMail(ctx: AppContext, secret: string, mail: CheckInMail) {
  const token = signLinkToken(secret, "check-in", {
    userId: mail.recipient.id,
    id: mail.matchId,
    expiresAt: new Date(ctx.clock.now().getTime() + CHECK_IN_LINK_DAYS * DAY_MS),
  });
  const partners = joinNames(mail.partnerNames);
  const month = monthDisplay(mail.month);
  const url = (choice: string) => checkInUrl(ctx.config.appUrl, token, choice);
  await sendAutomaticMail(
    ctx,
    secret,
    mail.recipient,
    mail.reminder ? `Reminder: did you meet ${partners}?` : `Did you meet ${partners}?`,
    (common) =>
      CheckInEmail({
        ...common,
        partners,
        month,
        reminder: mail.reminder,
        links: { met: url("met"), notYet: url("not_yet"), skip: url("skip") },
      }),
  );
}

import type { AppContext } from "../../context";
import type { SignInMailRow } from "../../db/schema";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { MailSendError } from "../../mail/mailer";
import { isDeactivated } from "../sign-in-account";
import { forgetSignInMail, retrySignInMailAt, withdrawSignInMail } from "./claim-sign-in-mails";
import { signInMessage } from "./sign-in-message";

export interface SendPolicy {
  /** Tries per mail while the mail server is out of reach or defers it. */
  maxAttempts: number;
  retry: BackoffSettings;
  /** The server's logger: why a mail was withheld or given up (never the code or link). */
  warn: (line: string) => void;
}

/**
 * One claimed sign-in mail, after the request answered: dropped (and its code or link withdrawn)
 * when its time is up, withheld from a deactivated account, otherwise rendered and sent. A
 * transient failure (src/server/mail/mail-failure.ts) puts it back for a later try; a permanent
 * one or the last try withdraws the code or link, so asking again is not held back.
 */
export async function sendSignInMail(
  ctx: AppContext,
  row: SignInMailRow,
  { maxAttempts, retry, warn }: SendPolicy,
): Promise<void> {
  const now = ctx.clock.now();
  if (row.expiresAt <= now) {
    warn(`Sign-in mail to ${row.email} dropped: not sent within its time.`);
    return withdrawSignInMail(ctx.db, row);
  }
  if (await isDeactivated(ctx.db, row.email)) {
    warn(`No ${what(row)} sent to ${row.email}: the account is deactivated.`);
    return forgetSignInMail(ctx.db, row);
  }
  try {
    await ctx.mailer.send(await signInMessage(ctx, row));
    await forgetSignInMail(ctx.db, row);
  } catch (error) {
    const permanent = error instanceof MailSendError && error.permanent;
    const reason = error instanceof MailSendError ? error.message : "the mail could not be sent";
    if (permanent || row.attempts >= maxAttempts) {
      warn(`${what(row)} to ${row.email} not sent after ${row.attempts} tries: ${reason}`);
      return withdrawSignInMail(ctx.db, row);
    }
    const at = new Date(now.getTime() + backoffDelayMs(row.attempts, retry));
    await retrySignInMailAt(ctx.db, row, at);
  }
}

const what = (row: SignInMailRow) => (row.authCodeId !== null ? "sign-in code" : "sign-in link");

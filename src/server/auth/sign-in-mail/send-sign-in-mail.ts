import type { AppContext } from "../../context";
import type { SignInMailRow } from "../../db/schema";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { MailSendError } from "../../mail/mailer";
import { isDeactivated } from "../sign-in-account";
import { forgetSignInMail, retrySignInMailAt, withdrawSignInMail } from "./claim-sign-in-mails";
import { signInMessage } from "./sign-in-message";

export interface SignInMailSettings {
  /** Tries per mail while the mail server is out of reach or defers it. */
  maxAttempts: number;
  retry: BackoffSettings;
  /** The server's logger: why a mail was withheld or given up (never the code or link). */
  warn: (line: string) => void;
}

/** 1 s, 2 s, 4 s, 8 s (with jitter): a short hiccup of the mail server is ridden out. */
export const DEFAULT_SIGN_IN_RETRY: BackoffSettings = { baseMs: 1000, capMs: 8000 };

/**
 * One claimed mail (the job `jobs/definitions/sign-in-mail.ts` claims them): dropped when
 * expired, withheld from a deactivated account, else rendered and sent, after the request
 * answered; a failed send is retried later with backoff, or withdrawn when permanent or out of
 * tries. Dropping a deactivated account's mail here means the request did the same work for
 * every address (docs/sign-in.md "No account-state oracle").
 */
export async function sendSignInMail(
  ctx: AppContext,
  row: SignInMailRow,
  settings: SignInMailSettings,
): Promise<void> {
  const now = ctx.clock.now();
  if (row.expiresAt <= now) {
    settings.warn(`Sign-in mail to ${row.email} dropped: not sent within its time.`);
    return withdrawSignInMail(ctx.db, row);
  }
  if (await isDeactivated(ctx.db, row.email)) {
    settings.warn(`No ${what(row)} sent to ${row.email}: the account is deactivated.`);
    return forgetSignInMail(ctx.db, row);
  }
  try {
    await ctx.mailer.send(await signInMessage(ctx, row));
    await forgetSignInMail(ctx.db, row);
  } catch (error) {
    const permanent = error instanceof MailSendError && error.permanent;
    const reason = error instanceof MailSendError ? error.message : "the mail could not be sent";
    if (permanent || row.attempts >= settings.maxAttempts) {
      settings.warn(`${what(row)} to ${row.email} not sent after ${row.attempts} tries: ${reason}`);
      return withdrawSignInMail(ctx.db, row);
    }
    const at = new Date(now.getTime() + backoffDelayMs(row.attempts, settings.retry));
    await retrySignInMailAt(ctx.db, row, at);
  }
}

const what = (row: SignInMailRow) =>
  row.authCodeId !== null
    ? "sign-in code"
    : row.passwordResetTokenId !== null
      ? "set-password link"
      : "sign-in link";

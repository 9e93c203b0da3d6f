import { claimSignInMails, renewSignInMails } from "../../auth/sign-in-mail/claim-sign-in-mails";
import {
  DEFAULT_SIGN_IN_RETRY,
  type SignInMailSettings,
  sendSignInMail,
} from "../../auth/sign-in-mail/send-sign-in-mail";
import type { AppContext } from "../../context";
import type { SignInMailRow } from "../../db/schema";
import { signInMailTrigger } from "../../job-triggers";
import type { JobDefinition } from "../job";
import type { JobLogs } from "./job-logs";

export interface SignInMailJobOptions extends Partial<SignInMailSettings> {
  /** Mails sent at once. */
  concurrency?: number;
  /** How often an idle job looks for mail queued by another process or due for a retry. */
  pollMs?: number;
  /** How long a claimed mail stays this process's (a crash mid-send frees it after this). */
  leaseMs?: number;
}

/**
 * Sends the queued sign-in mails of every app process's requests: a request queues the mail
 * (queue-sign-in-mail.ts) and wakes this job, which claims up to `concurrency` due mails over
 * this process's mail transport and sends them (send-sign-in-mail.ts). docs/sign-in.md.
 */
export function signInMailJob(
  ctx: AppContext,
  logs: JobLogs,
  options: SignInMailJobOptions = {},
): JobDefinition<SignInMailRow[]> {
  const concurrency = options.concurrency ?? 4;
  const settings: SignInMailSettings = {
    maxAttempts: options.maxAttempts ?? 5,
    retry: options.retry ?? DEFAULT_SIGN_IN_RETRY,
    warn: options.warn ?? logs.warn,
  };
  return {
    name: signInMailTrigger.jobName,
    trigger: signInMailTrigger,
    label: "Sign-in mail worker",
    pollMs: options.pollMs ?? 2000,
    leaseMs: options.leaseMs ?? 60_000,
    // Woken once a code or link request queued its mail and answered.
    wake: ctx.jobs.signal(signInMailTrigger),
    log: settings.warn,
    async claim(run) {
      const rows = await claimSignInMails(ctx.db, {
        limit: concurrency,
        leaseMs: run.leaseMs,
        now: ctx.clock.now(),
        transport: ctx.mailer.fingerprint,
      });
      return rows.length > 0 ? rows : null;
    },
    async work(rows) {
      await Promise.all(
        rows.map((row) =>
          sendSignInMail(ctx, row, settings).catch((error: Error) =>
            settings.warn(`Sign-in mail ${row.id} not settled, retried later: ${error.message}`),
          ),
        ),
      );
    },
    async renew(rows, run) {
      const until = new Date(ctx.clock.now().getTime() + run.leaseMs);
      await renewSignInMails(
        ctx.db,
        rows.map((r) => r.id),
        until,
      );
    },
  };
}

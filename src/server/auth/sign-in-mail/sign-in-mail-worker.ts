import type { AppContext } from "../../context";
import type { SignInMailRow } from "../../db/schema";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { MailSendError } from "../../mail/mailer";
import { createPollPause } from "../../mail/wake-signal";
import { isDeactivated } from "../sign-in-account";
import {
  claimSignInMails,
  forgetSignInMail,
  retrySignInMailAt,
  withdrawSignInMail,
} from "./claim-sign-in-mails";
import { signInMailQueued } from "./queue-sign-in-mail";
import { signInMessage } from "./sign-in-message";

export interface SignInMailWorkerOptions {
  /** Mails sent at once. */
  concurrency?: number;
  /** How often an idle worker looks for mail queued by another process or due for a retry. */
  pollMs?: number;
  /** How long a claimed mail stays this worker's (a crash mid-send frees it after this). */
  leaseMs?: number;
  /** Tries per mail while the mail server is out of reach or defers it. */
  maxAttempts?: number;
  retry?: BackoffSettings;
  /** The server's logger: why a mail was withheld or given up (never the code or link). */
  warn: (line: string) => void;
}

export interface SignInMailWorker {
  wake(): void;
  /** Resolves after a look at the queue, begun after this call, found nothing due. */
  settled(): Promise<void>;
  /** Finishes the mails in flight and stops. */
  stop(): Promise<void>;
}

/** 1 s, 2 s, 4 s, 8 s (with jitter): a short hiccup of the mail server is ridden out. */
const DEFAULT_RETRY: BackoffSettings = { baseMs: 1000, capMs: 8000 };

/**
 * Sends the queued sign-in mails of every app process's requests (start-server.ts starts one per
 * process, like the newsletter worker). Each mail is rendered and sent here, after the request
 * answered; a deactivated account's mail is dropped here, so the request did the same work for
 * every address. See docs/sign-in.md "No account-state oracle".
 */
export function startSignInMailWorker(
  ctx: AppContext,
  options: SignInMailWorkerOptions,
): SignInMailWorker {
  const concurrency = options.concurrency ?? 4;
  const pollMs = options.pollMs ?? 2000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const retry = options.retry ?? DEFAULT_RETRY;
  const warn = options.warn;
  const poll = createPollPause(pollMs);
  let passesStarted = 0;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  const wake = poll.wake;
  const unsubscribe = signInMailQueued.on(wake);

  const loop = async () => {
    while (!poll.stopped) {
      poll.looking();
      const pass = ++passesStarted;
      let claimed = 0;
      try {
        claimed = await sendDueMails(ctx, { concurrency, leaseMs, maxAttempts, retry, warn });
      } catch (error) {
        if (!poll.stopped) warn(`Sign-in mail worker: ${(error as Error).message}`);
      }
      if (claimed > 0) continue;
      for (const waiter of waiters.filter((w) => w.after < pass)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      await poll.pause();
    }
    for (const waiter of waiters.splice(0)) waiter.resolve();
  };
  const running = loop();

  return {
    wake,
    settled() {
      if (poll.stopped) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ after: passesStarted, resolve });
        wake();
      });
    },
    async stop() {
      poll.stop();
      unsubscribe();
      await running;
    },
  };
}

interface SendSettings {
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  retry: BackoffSettings;
  warn: (line: string) => void;
}

/** Claims up to `concurrency` due mails and sends them; how many it claimed. */
async function sendDueMails(ctx: AppContext, settings: SendSettings): Promise<number> {
  const rows = await claimSignInMails(ctx.db, {
    limit: settings.concurrency,
    leaseMs: settings.leaseMs,
    now: ctx.clock.now(),
    transport: ctx.mailer.fingerprint,
  });
  await Promise.all(
    rows.map((row) =>
      sendOne(ctx, row, settings).catch((error: Error) =>
        settings.warn(`Sign-in mail ${row.id} not settled, retried later: ${error.message}`),
      ),
    ),
  );
  return rows.length;
}

/**
 * One claimed mail: dropped when expired, withheld from a deactivated account, else sent;
 * a failed send is retried later with backoff, or withdrawn when permanent or out of tries.
 */
async function sendOne(ctx: AppContext, row: SignInMailRow, settings: SendSettings) {
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

const what = (row: SignInMailRow) => (row.authCodeId !== null ? "sign-in code" : "sign-in link");

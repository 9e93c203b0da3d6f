import type { AppContext } from "../../context";
import type { BackoffSettings } from "../../mail/mail-failure";
import { createPollPause } from "../../mail/wake-signal";
import { claimSignInMails } from "./claim-sign-in-mails";
import { signInMailQueued } from "./queue-sign-in-mail";
import { type SendPolicy, sendSignInMail } from "./send-sign-in-mail";

export interface SignInMailWorkerOptions extends Partial<SendPolicy> {
  /** Mails sent at once. */
  concurrency?: number;
  /** How often an idle worker looks for mail queued by another process or due for a retry. */
  pollMs?: number;
  /** How long a claimed mail stays this worker's (a crash mid-send frees it after this). */
  leaseMs?: number;
  warn: SendPolicy["warn"];
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
  const policy = {
    maxAttempts: options.maxAttempts ?? 5,
    retry: options.retry ?? DEFAULT_RETRY,
    warn: options.warn,
  };
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
        const rows = await claimSignInMails(ctx.db, {
          limit: concurrency,
          leaseMs,
          now: ctx.clock.now(),
          transport: ctx.mailer.fingerprint,
        });
        claimed = rows.length;
        await Promise.all(
          rows.map((row) =>
            sendSignInMail(ctx, row, policy).catch((error: Error) =>
              options.warn(`Sign-in mail ${row.id} not settled, retried later: ${error.message}`),
            ),
          ),
        );
      } catch (error) {
        if (!poll.stopped) options.warn(`Sign-in mail worker: ${(error as Error).message}`);
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

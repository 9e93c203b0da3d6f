import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { AppContext } from "../../context";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { createPollPause } from "../../mail/wake-signal";
import { printLine } from "../../terminal";
import { deliverOne } from "./deliver";
import { finishedButOpen, finishSend } from "./finish-send";
import {
  type ClaimedDelivery,
  claimDeliveries,
  releaseClaims,
  renewLease,
  sendsOverOtherTransports,
} from "./ledger";
import { type PreparedNewsletter, prepareMessages } from "./messages";
import { type FailedAttempt, renderFailure } from "./outcome";
import { resumeWaiting } from "./retries";
import { createSentRecorder } from "./sent-recorder";
import { onWake } from "./wake";

export interface DeliveryWorkerOptions {
  /** Messages in flight at once; the SMTP pool size, which bounds the duplicates a crash can cause. */
  concurrency: number;
  /** How long claimed deliveries stay this worker's; renewed while it runs. */
  leaseMs: number;
  batchSize?: number;
  /** How often an idle worker looks for work (a send started in this process wakes it at once). */
  pollMs?: number;
  /**
   * Transient failures (the mail server out of reach, a 4xx) are retried with capped exponential
   * backoff and jitter (default 2 s doubling up to 10 min) until the horizon (default
   * NEWSLETTER_RETRY_HOURS) after the first of them; then the delivery fails.
   */
  retry?: Partial<BackoffSettings> & { horizonMs?: number };
  log?: (line: string) => void;
  /** Warnings (the server's logger): a send this process leaves to others. Default: `log`. */
  warn?: (line: string) => void;
}

export interface DeliveryWorker {
  readonly id: string;
  wake(): void;
  /** Finishes the messages in flight, gives back the rest of its claim and stops. */
  stop(): Promise<void>;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 2000, capMs: 10 * 60_000 };

/**
 * The newsletter delivery worker every app process runs (start-server.ts). It claims batches of
 * deliveries under a lease, sends them over the pooled mailer and records each outcome; when a
 * newsletter has nothing left to deliver it finishes it (finish-send.ts). See README.md here.
 */
export function startDeliveryWorker(
  ctx: AppContext,
  options: DeliveryWorkerOptions,
): DeliveryWorker {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const concurrency = Math.max(1, options.concurrency);
  const batchSize = options.batchSize ?? concurrency * 20;
  const pollMs = options.pollMs ?? 1000;
  const log = options.log ?? printLine;
  const warn = options.warn ?? log;
  const warnOnce = warnerOnce(warn);
  const recorder = createSentRecorder(ctx.db, () => ctx.clock.now());
  const backoff = {
    baseMs: options.retry?.baseMs ?? DEFAULT_BACKOFF.baseMs,
    capMs: options.retry?.capMs ?? DEFAULT_BACKOFF.capMs,
  };
  const deliverOptions = {
    retry: {
      delayMs: (attempts: number) => backoffDelayMs(attempts, backoff),
      horizonMs: options.retry?.horizonMs ?? ctx.config.NEWSLETTER_RETRY_HOURS * 3_600_000,
    },
    messageIdHost: new URL(ctx.config.appUrl).hostname,
    recordSent: recorder.record,
  };
  const prepared = new Map<number, Promise<PreparedNewsletter>>();
  const poll = createPollPause(pollMs);
  const wake = poll.wake;
  const unsubscribe = onWake(wake);
  const renewal = setInterval(
    () => {
      renewLease(ctx.db, id, options.leaseMs).catch(() => {});
    },
    Math.max(200, options.leaseMs / 3),
  );
  renewal.unref();

  const preparedFor = (newsletterId: number): Promise<PreparedNewsletter | FailedAttempt> => {
    let entry = prepared.get(newsletterId);
    if (!entry) {
      entry = prepareMessages(ctx, newsletterId);
      prepared.set(newsletterId, entry);
      entry.catch(() => prepared.delete(newsletterId));
    }
    return entry.catch((error: Error) => renderFailure(error));
  };

  const deliverBatch = async (batch: ClaimedDelivery[]) => {
    let next = 0;
    let unrecorded = false;
    // Newsletters of which a delivery that had been failing went out: the mail server is back.
    const recovered = new Set<number>();
    const lane = async () => {
      recorder.join();
      try {
        while (!poll.stopped && next < batch.length) {
          const delivery = batch[next++];
          try {
            const newsletter = await preparedFor(delivery.newsletterId);
            const outcome = await deliverOne(ctx, delivery, newsletter, deliverOptions);
            if (outcome === "sent" && delivery.failingSince) recovered.add(delivery.newsletterId);
          } catch (error) {
            unrecorded = true;
            log(`Newsletter delivery ${delivery.id} not recorded: ${(error as Error).message}`);
          }
        }
      } finally {
        recorder.leave();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    for (const newsletterId of recovered)
      await resumeWaiting(ctx.db, newsletterId, ctx.clock.now());
    if (unrecorded && !poll.stopped) {
      await releaseClaims(
        ctx.db,
        id,
        batch.map((d) => d.id),
      );
    }
  };

  const finish = async (newsletterIds: Iterable<number>) => {
    for (const newsletterId of newsletterIds) {
      const ended = await finishSend(ctx, newsletterId);
      if (!ended) continue;
      prepared.delete(newsletterId);
      if (ended === "sent") log(`Newsletter ${newsletterId} sent: every delivery has ended.`);
      else
        warn(
          `Newsletter ${newsletterId} is approved again, not sent: some of its e-mails could not ` +
            "be built (see its send log); fix it and send it again.",
        );
    }
  };

  const loop = async () => {
    while (!poll.stopped) {
      poll.looking();
      try {
        const batch = await claimDeliveries(ctx.db, id, {
          limit: batchSize,
          leaseMs: options.leaseMs,
          now: ctx.clock.now(),
          transport: ctx.mailer.fingerprint,
        });
        if (batch.length > 0) {
          await deliverBatch(batch);
          await finish(new Set(batch.map((d) => d.newsletterId)));
          continue;
        }
        await finish(await finishedButOpen(ctx));
        prepared.clear();
        for (const send of await sendsOverOtherTransports(ctx.db, ctx.mailer.fingerprint)) {
          warnOnce(send.id, otherTransportWarning(send, ctx.mailer.fingerprint));
        }
      } catch (error) {
        if (!poll.stopped) log(`Newsletter worker: ${(error as Error).message}`);
      }
      await poll.pause();
    }
  };
  const running = loop();

  return {
    id,
    wake,
    async stop() {
      poll.stop();
      unsubscribe();
      await running;
      clearInterval(renewal);
      await releaseClaims(ctx.db, id).catch(() => {});
    },
  };
}

/**
 * A process whose mail transport differs from the one a send was started with (say, one started
 * without SMTP_URL on a shared database) would deliver into the wrong place; it leaves those
 * deliveries alone and says so, once per send. Fingerprints carry no credentials.
 */
function otherTransportWarning(send: { id: number; transport: string }, mine: string): string {
  return (
    `Newsletter ${send.id} is being sent over ${send.transport}, but this process mails over ` +
    `${mine}: it leaves those deliveries to a process configured with that transport.`
  );
}

function warnerOnce(warn: (line: string) => void) {
  const warned = new Set<number>();
  return (newsletterId: number, line: string) => {
    if (warned.has(newsletterId)) return;
    warned.add(newsletterId);
    warn(line);
  };
}

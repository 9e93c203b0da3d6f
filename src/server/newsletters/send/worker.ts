import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { AppContext } from "../../context";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { createPollPause, type PollPause } from "../../mail/wake-signal";
import { printLine } from "../../terminal";
import { createCompositionCache } from "./compositions";
import { composeDelivery, isFailure, sendDelivery } from "./deliver";
import { finishedButOpen, finishSend } from "./finish-send";
import {
  type ClaimedDelivery,
  claimDeliveries,
  releaseClaims,
  renewLease,
  resumeWaiting,
  sendsOverOtherTransports,
} from "./ledger";
import { type RetryRules, recordFailure } from "./retries";
import { createSentRecorder, type SentRecorder } from "./sent-recorder";
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
 * The newsletter delivery worker every app process runs (start-server.ts). Each round claims a
 * batch of deliveries under a lease, walks each one (compose → deliver → settle) in
 * `concurrency` lanes over the pooled mailer, and finishes the newsletters that have nothing left
 * to deliver (finish-send.ts). See README.md here.
 */
export function startDeliveryWorker(
  ctx: AppContext,
  options: DeliveryWorkerOptions,
): DeliveryWorker {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const log = options.log ?? printLine;
  const poll = createPollPause(options.pollMs ?? 1000);
  const unsubscribe = onWake(poll.wake);
  const renewal = setInterval(
    () => {
      renewLease(ctx.db, id, options.leaseMs).catch(() => {});
    },
    Math.max(200, options.leaseMs / 3),
  );
  renewal.unref();
  const round = createRound(ctx, id, options, poll);
  const loop = async () => {
    while (!poll.stopped) {
      poll.looking();
      const busy = await round().catch((error: Error) => {
        if (!poll.stopped) log(`Newsletter worker: ${error.message}`);
        return false;
      });
      if (!busy) await poll.pause();
    }
  };
  const running = loop();

  return {
    id,
    wake: poll.wake,
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
 * One round of the worker: claim a batch and deliver it, then finish its newsletters; with
 * nothing to claim, finish sends left open by a crash and say which sends this process leaves to
 * others. Resolves true when it delivered something (the next round starts at once).
 */
function createRound(
  ctx: AppContext,
  workerId: string,
  options: DeliveryWorkerOptions,
  poll: PollPause,
): () => Promise<boolean> {
  const concurrency = Math.max(1, options.concurrency);
  const log = options.log ?? printLine;
  const warn = options.warn ?? log;
  const warnOnce = warnerOnce(warn);
  const compositions = createCompositionCache(ctx);
  // Group commit waits for the lanes only on the embedded database (sent-recorder.ts).
  const recorder = createSentRecorder(
    ctx.db,
    () => ctx.clock.now(),
    ctx.config.DATABASE_URL ? 0 : 20,
  );
  const walk = createWalk(ctx, retryRules(ctx, options), recorder, compositions);
  const deliverBatch = createBatchDelivery(ctx, workerId, {
    concurrency,
    log,
    poll,
    recorder,
    walk,
  });

  const finish = async (newsletterIds: Iterable<number>) => {
    for (const newsletterId of newsletterIds) {
      const ended = await finishSend(ctx, newsletterId);
      if (ended) compositions.forget(newsletterId);
      if (ended === "sent") log(`Newsletter ${newsletterId} sent: every delivery has ended.`);
      if (ended === "held") warn(heldWarning(newsletterId));
    }
  };

  return async () => {
    const batch = await claimDeliveries(ctx.db, workerId, {
      limit: options.batchSize ?? concurrency * 50,
      leaseMs: options.leaseMs,
      now: ctx.clock.now(),
      transport: ctx.mailer.fingerprint,
    });
    if (batch.length > 0) {
      await deliverBatch(batch);
      await finish(new Set(batch.map((d) => d.newsletterId)));
    } else {
      await finish(await finishedButOpen(ctx));
      compositions.clear();
      for (const send of await sendsOverOtherTransports(ctx.db, ctx.mailer.fingerprint)) {
        warnOnce(send.id, otherTransportWarning(send, ctx.mailer.fingerprint));
      }
    }
    return batch.length > 0;
  };
}

type Walk = (delivery: ClaimedDelivery) => Promise<"sent" | "retry" | "failed">;

/**
 * The walk of one claimed delivery: compose its e-mail, deliver it, settle the outcome in the
 * ledger (sent by group commit, a failure with its retry rule).
 */
function createWalk(
  ctx: AppContext,
  retry: Omit<RetryRules, "now">,
  recorder: SentRecorder,
  compositions: ReturnType<typeof createCompositionCache>,
): Walk {
  const messageIdHost = new URL(ctx.config.appUrl).hostname;
  return async (delivery) => {
    const message = composeDelivery(await compositions.get(delivery.newsletterId), delivery);
    const outcome = isFailure(message)
      ? message
      : await sendDelivery(ctx, delivery, message, messageIdHost);
    if (isFailure(outcome)) {
      return recordFailure(ctx.db, delivery, outcome, { ...retry, now: ctx.clock.now() });
    }
    await recorder.record(delivery.id, outcome.messageId);
    return "sent";
  };
}

/**
 * Walks a batch in `concurrency` lanes. A delivery whose outcome could not be recorded (the
 * database failed meanwhile) is logged and the batch's rows still held are given back; once a
 * delivery that had been failing went out, the mail server is back and its newsletter's waiting
 * deliveries are due at once (ledger.ts resumeWaiting).
 */
function createBatchDelivery(
  ctx: AppContext,
  workerId: string,
  lanes: {
    concurrency: number;
    log: (line: string) => void;
    poll: PollPause;
    recorder: SentRecorder;
    walk: Walk;
  },
) {
  const { concurrency, log, poll, recorder, walk } = lanes;
  return async (batch: ClaimedDelivery[]) => {
    let next = 0;
    let unrecorded = false;
    const recovered = new Set<number>();
    const lane = async () => {
      recorder.join();
      try {
        while (!poll.stopped && next < batch.length) {
          const delivery = batch[next++];
          const outcome = await walk(delivery).catch((error: Error) => {
            unrecorded = true;
            log(`Newsletter delivery ${delivery.id} not recorded: ${error.message}`);
          });
          if (outcome === "sent" && delivery.failingSince) recovered.add(delivery.newsletterId);
        }
      } finally {
        recorder.leave();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    for (const newsletterId of recovered) {
      await resumeWaiting(ctx.db, newsletterId, ctx.clock.now());
    }
    if (unrecorded && !poll.stopped) {
      await releaseClaims(
        ctx.db,
        workerId,
        batch.map((d) => d.id),
      );
    }
  };
}

function retryRules(ctx: AppContext, options: DeliveryWorkerOptions): Omit<RetryRules, "now"> {
  const backoff = {
    baseMs: options.retry?.baseMs ?? DEFAULT_BACKOFF.baseMs,
    capMs: options.retry?.capMs ?? DEFAULT_BACKOFF.capMs,
  };
  return {
    delayMs: (attempts) => backoffDelayMs(attempts, backoff),
    horizonMs: options.retry?.horizonMs ?? ctx.config.NEWSLETTER_RETRY_HOURS * 3_600_000,
  };
}

function heldWarning(newsletterId: number): string {
  return (
    `Newsletter ${newsletterId} is approved again, not sent: some of its e-mails could not ` +
    "be built (see its send log); fix it and send it again."
  );
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

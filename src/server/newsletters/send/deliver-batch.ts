import type { AppContext } from "../../context";
import { type BackoffSettings, backoffDelayMs } from "../../mail/mail-failure";
import { createCompositionCache } from "./compositions";
import {
  composeDelivery,
  deliveryTimes,
  isFailure,
  prepareBatchTimes,
  sendDelivery,
} from "./deliver";
import { finishedButOpen, finishSend } from "./finish-send";
import { type ClaimedDelivery, resumeWaiting, sendsOverOtherTransports } from "./ledger";
import { type RetryRules, recordFailure } from "./retries";
import { createSentRecorder, type SentRecorder } from "./sent-recorder";

export interface DeliverySettings {
  /** Messages in flight at once; the SMTP pool size, which bounds the duplicates a crash can cause. */
  concurrency: number;
  /**
   * Transient failures (the mail server out of reach, a 4xx) are retried with capped exponential
   * backoff and jitter (default 2 s doubling up to 10 min) until the horizon (default
   * NEWSLETTER_RETRY_HOURS) after the first of them; then the delivery fails.
   */
  retry?: Partial<BackoffSettings> & { horizonMs?: number };
  log: (line: string) => void;
  /** Warnings (the server's logger): a send this process leaves to others. */
  warn: (line: string) => void;
}

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 2000, capMs: 10 * 60_000 };

/** What the delivery job (jobs/definitions/newsletter-delivery.ts) does with what it claimed. */
export interface DeliveryWork {
  /**
   * Walks each delivery of a claimed batch (compose → deliver → settle) in `concurrency` lanes
   * over the pooled mailer, then finishes the newsletters that have nothing left to deliver
   * (finish-send.ts). Lanes take no new delivery once `run.stopping`.
   */
  deliver(batch: ClaimedDelivery[], run: { readonly stopping: boolean }): Promise<void>;
  /**
   * Nothing to claim: finishes sends left open by a crash and says which sends this process
   * leaves to others.
   */
  idle(): Promise<void>;
}

/** The delivery work of one process; each newsletter is composed once per process and send. See README.md here. */
export function createDeliveryWork(ctx: AppContext, settings: DeliverySettings): DeliveryWork {
  const concurrency = Math.max(1, settings.concurrency);
  const { log, warn } = settings;
  const warnOnce = warnerOnce(warn);
  const compositions = createCompositionCache(ctx);
  // Group commit waits for the lanes only on the embedded database (sent-recorder.ts).
  const recorder = createSentRecorder(
    ctx.db,
    () => ctx.clock.now(),
    ctx.config.DATABASE_URL ? 0 : 20,
  );
  const walk = createWalk(ctx, retryRules(ctx, settings), recorder, compositions, log);
  const deliverBatch = createBatchDelivery(ctx, { concurrency, log, recorder, walk });

  const finish = async (newsletterIds: Iterable<number>) => {
    for (const newsletterId of newsletterIds) {
      const ended = await finishSend(ctx, newsletterId);
      if (ended) compositions.forget(newsletterId);
      if (ended === "sent") log(`Newsletter ${newsletterId} sent: every delivery has ended.`);
      if (ended === "held") warn(heldWarning(newsletterId));
    }
  };

  return {
    async deliver(batch, run) {
      await prepareBatchTimes(compositions.get, batch, log);
      await deliverBatch(batch, run);
      await finish(new Set(batch.map((d) => d.newsletterId)));
    },
    async idle() {
      await finish(await finishedButOpen(ctx));
      compositions.clear();
      for (const send of await sendsOverOtherTransports(ctx.db, ctx.mailer.fingerprint)) {
        warnOnce(send.id, otherTransportWarning(send, ctx.mailer.fingerprint));
      }
    },
  };
}

type Walk = (delivery: ClaimedDelivery) => Promise<"sent" | "retry" | "failed">;

/**
 * The walk of one claimed delivery: read the times its match e-mail proposes (outside any
 * transaction), compose its e-mail, deliver it, settle the outcome in the
 * ledger (sent by group commit, a failure with its retry rule).
 */
function createWalk(
  ctx: AppContext,
  retry: Omit<RetryRules, "now">,
  recorder: SentRecorder,
  compositions: ReturnType<typeof createCompositionCache>,
  log: (line: string) => void,
): Walk {
  const messageIdHost = new URL(ctx.config.appUrl).hostname;
  return async (delivery) => {
    const composition = await compositions.get(delivery.newsletterId);
    const times = await deliveryTimes(composition, delivery, log);
    const message = composeDelivery(composition, delivery, times);
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
 * database failed meanwhile) is logged; the job gives back the batch's rows still held after the
 * batch (ledger.ts releaseClaims). Once a delivery that had been failing went out, the mail server
 * is back and its newsletter's waiting deliveries are due at once (ledger.ts resumeWaiting).
 */
function createBatchDelivery(
  ctx: AppContext,
  lanes: {
    concurrency: number;
    log: (line: string) => void;
    recorder: SentRecorder;
    walk: Walk;
  },
) {
  const { concurrency, log, recorder, walk } = lanes;
  return async (batch: ClaimedDelivery[], run: { readonly stopping: boolean }) => {
    let next = 0;
    const recovered = new Set<number>();
    const lane = async () => {
      recorder.join();
      try {
        while (!run.stopping && next < batch.length) {
          const delivery = batch[next++];
          const outcome = await walk(delivery).catch((error: Error) => {
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
  };
}

function retryRules(ctx: AppContext, options: DeliverySettings): Omit<RetryRules, "now"> {
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

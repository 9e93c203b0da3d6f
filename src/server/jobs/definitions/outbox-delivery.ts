import type { AppContext } from "../../context";
import { isDatabaseUnreachable } from "../../database-outage";
import type { OutgoingMessageRow } from "../../db/schema";
import { outboxTrigger, urgentOutboxTrigger } from "../../job-triggers";
import { createSendFinisher } from "../../newsletters/send/send-finisher";
import { rateLimitedLog } from "../../outbox/attempt-log";
import { claimMessages, releaseMessages, renewMessages } from "../../outbox/claim-messages";
import {
  DEFAULT_OUTBOX_RETRY,
  DEFAULT_URGENT_RETRY,
  type DeliverySettings,
  deliverMessage,
  recordSent,
} from "../../outbox/deliver-message";
import { prepareBatches } from "../../outbox/prepare-batches";
import { createSentRecorder } from "../../outbox/sent-recorder";
import type { JobDefinition } from "../job";
import { messageKindNamed } from "../message-kinds";
import type { JobLogs } from "./job-logs";

export interface OutboxDeliveryJobOptions extends Partial<DeliverySettings> {
  /** Messages sent at once (default SMTP_POOL_SIZE; the urgent lane 4). */
  concurrency?: number;
  /**
   * Messages claimed at once and walked in `concurrency` lanes (default 50 × concurrency; the
   * urgent lane `concurrency`): what a kind prepares for a batch (a round announcement's times,
   * once per match) is read once for this many, and the claim, the preparation and the finish of
   * a newsletter's send cost a batch, not a message (docs/performance.md, "Newsletter send").
   */
  batchSize?: number;
  /** How often an idle job looks for messages queued elsewhere or due for a retry. */
  pollMs?: number;
  /** How long claimed messages stay this process's (a crash mid-send frees them after this). */
  leaseMs?: number;
}

/**
 * Delivers the outbox (src/server/outbox/, docs/mail.md) in every app process: claims due
 * messages queued over this process's mail transport under a lease, renders and sends each, and
 * records the outcome; a transient failure comes back after its backoff. This lane takes every
 * message but the urgent ones, which `urgentOutboxDeliveryJob` takes, and seals a newsletter's
 * send once none of its messages is pending (after a batch, and when idle: a crash at the end).
 */
export function outboxDeliveryJob(
  ctx: AppContext,
  logs: JobLogs,
  options: OutboxDeliveryJobOptions = {},
): JobDefinition<OutgoingMessageRow[]> {
  return outboxLane(ctx, logs, options, false);
}

/**
 * The outbox's urgent lane: only the kinds someone is waiting for (sign-in codes and links), with
 * its own claims, so they never wait behind a batch of other messages; polled every second like
 * the other lane (docs/mail.md, "Urgent kinds").
 */
export function urgentOutboxDeliveryJob(
  ctx: AppContext,
  logs: JobLogs,
  options: OutboxDeliveryJobOptions = {},
): JobDefinition<OutgoingMessageRow[]> {
  return outboxLane(ctx, logs, { concurrency: 4, ...options }, true);
}

/** A database error in the middle of a batch: an outage is logged once, anything else each time. */
function unsettled(logs: JobLogs, settings: DeliverySettings, error: unknown, what: string) {
  if (logs.databaseDown?.(error)) return;
  settings.warn(`Outbox: ${what}, retried later: ${(error as Error).message}`);
}

function outboxLane(
  ctx: AppContext,
  logs: JobLogs,
  options: OutboxDeliveryJobOptions,
  urgent: boolean,
): JobDefinition<OutgoingMessageRow[]> {
  const concurrency = Math.max(1, options.concurrency ?? ctx.config.SMTP_POOL_SIZE);
  const batchSize = Math.max(concurrency, options.batchSize ?? concurrency * (urgent ? 1 : 50));
  const settings: DeliverySettings = {
    retry: options.retry ?? DEFAULT_OUTBOX_RETRY,
    urgentRetry: options.urgentRetry ?? DEFAULT_URGENT_RETRY,
    horizonMs: options.horizonMs ?? ctx.config.NEWSLETTER_RETRY_HOURS * 3_600_000,
    warn: options.warn ?? logs.warn,
    warnAttempt: options.warnAttempt ?? rateLimitedLog(options.warn ?? logs.warn),
    kindNamed: options.kindNamed ?? messageKindNamed,
  };
  // Group commit waits for the lanes only on the embedded database (outbox/sent-recorder.ts).
  // A record the database cannot take is retried, and no lane sends another message meanwhile.
  const recorder = createSentRecorder(
    (rows) => recordSent(ctx, rows, settings),
    ctx.config.DATABASE_URL ? 0 : 20,
    {
      onWriteFailed: (error) => unsettled(logs, settings, error, "sent messages not yet recorded"),
    },
  );
  // A newsletter's send is sealed once none of its messages is pending (finish-send.ts).
  const sends = urgent
    ? null
    : createSendFinisher(ctx, { log: logs.log, warn: settings.warn, event: logs.event });
  const trigger = urgent ? urgentOutboxTrigger : outboxTrigger;
  return {
    name: trigger.jobName,
    trigger,
    label: urgent ? "Outbox worker (urgent)" : "Outbox worker",
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? ctx.config.NEWSLETTER_LEASE_SECONDS * 1000,
    // Woken once a transaction that queued messages of this lane in this app has committed.
    wake: ctx.jobs.signal(trigger),
    log: settings.warn,
    async claim(run) {
      const rows = await claimMessages(ctx.db, {
        owner: run.owner,
        limit: batchSize,
        leaseMs: run.leaseMs,
        now: ctx.clock.now(),
        transport: ctx.mailer.fingerprint,
        urgent,
      });
      return rows.length > 0 ? rows : null;
    },
    async work(rows, run) {
      const prepared = await prepareBatches(ctx, rows, settings.warn, settings.kindNamed);
      let next = 0;
      // Once the database fails the batch mid-way, no lane sends another of its messages: what
      // it sent could not be recorded, and its lease may run out before the database is back.
      const failuresBefore = recorder.failures;
      let broken = false;
      const goOn = () => !run.stopping && !broken && recorder.failures === failuresBefore;
      const record = (row: OutgoingMessageRow) => recorder.record(row, () => run.stopping);
      const lane = async () => {
        recorder.join();
        try {
          while (next < rows.length && goOn()) {
            const row = rows[next++];
            await deliverMessage(ctx, row, settings, prepared.get(row.kind), record).catch(
              (error: Error) => {
                broken ||= isDatabaseUnreachable(error);
                unsettled(logs, settings, error, `outbox message ${row.id} not settled`);
              },
            );
          }
        } finally {
          recorder.leave();
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
      await sends?.afterBatch(rows);
    },
    idle: sends ? () => sends.idle() : undefined,
    renew: (_rows, run) =>
      renewMessages(ctx.db, run.owner, new Date(ctx.clock.now().getTime() + run.leaseMs)),
    release: (rows, run) =>
      releaseMessages(
        ctx.db,
        run.owner,
        rows.map((r) => r.id),
      ),
  };
}

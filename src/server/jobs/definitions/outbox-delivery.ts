import type { AppContext } from "../../context";
import { isDatabaseUnreachable } from "../../database-outage";
import type { OutgoingMessageRow } from "../../db/schema";
import { outboxTrigger, urgentOutboxTrigger } from "../../job-triggers";
import { createSendFinisher } from "../../newsletters/send/send-finisher";
import { rateLimitedLog } from "../../outbox/attempt-log";
import type { ChannelLanes } from "../../outbox/channel-lanes";
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
import type { JobDefinition, JobRun } from "../job";
import { messageKindNamed } from "../message-kinds";
import { channelLanesOf, queueDueChannelNudges } from "./channel-transports";
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
  /** How long a webhook receiver has to answer (send-webhook.ts's 15 s by default). */
  webhookTimeoutMs?: number;
  /**
   * False: e-mail only, the channels' lanes left to whoever steps them (the test app's worker,
   * beside tests that step Slack and webhooks with ctx.clock: deliverDueChannelMessages).
   */
  channels?: boolean;
}

/**
 * The one worker of every outgoing message (src/server/outbox/, docs/mail.md, decision 0072), in
 * every app process. E-mail: claims due messages queued over this process's mail transport in
 * batches under a lease, renders and sends each, and records the outcome; a transient failure
 * comes back after its backoff; a newsletter's send is sealed once none of its messages is
 * pending (after a batch, and when idle: a crash at the end). Slack, Teams and webhooks: before
 * each e-mail batch it starts every lane that is free and due (docs/chat.md, "Lanes and the
 * breaker"), which runs beside the batches one message at a time, so a slow receiver holds up
 * neither the e-mail nor another lane. Urgent e-mail is `urgentOutboxDeliveryJob`'s, the same
 * loop on the urgent lane only.
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
  const channels =
    urgent || options.channels === false ? null : channelLanesByOwner(ctx, logs, options);
  return {
    name: trigger.jobName,
    trigger,
    label: urgent ? "Outbox worker (urgent)" : "Outbox worker",
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? ctx.config.NEWSLETTER_LEASE_SECONDS * 1000,
    // Woken once a transaction that queued messages of this lane in this app has committed.
    wake: ctx.jobs.signal(trigger),
    log: settings.warn,
    prepare: channels ? () => queueDueChannelNudges(ctx) : undefined,
    async claim(run) {
      await channels?.startDue(run);
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
    drain: channels ? () => channels.drain() : undefined,
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

/**
 * The channels' lanes of each owner of the worker: before each claim of e-mail, every free lane
 * with a due message is started; the lanes run on after the claim returns, and a stop waits for
 * the message each has in flight.
 */
function channelLanesByOwner(
  ctx: AppContext,
  logs: JobLogs,
  options: OutboxDeliveryJobOptions,
): { startDue(run: JobRun): Promise<void>; drain(): Promise<void> } {
  const byOwner = new Map<string, ChannelLanes>();
  const lanesOf = (run: JobRun) => {
    let lanes = byOwner.get(run.owner);
    if (!lanes) {
      lanes = channelLanesOf(ctx, {
        owner: run.owner,
        webhookTimeoutMs: options.webhookTimeoutMs,
        stopping: () => run.stopping,
        log: logs.warn,
      });
      byOwner.set(run.owner, lanes);
    }
    return lanes;
  };
  return {
    async startDue(run) {
      const lanes = lanesOf(run);
      for (let row = await lanes.claim(); row; row = await lanes.claim()) {
        lanes.start(row);
      }
    },
    async drain() {
      await Promise.all([...byOwner.values()].map((lanes) => lanes.drain()));
    },
  };
}

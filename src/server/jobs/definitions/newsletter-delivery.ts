import type { AppContext } from "../../context";
import { newsletterDeliveryTrigger } from "../../job-triggers";
import { createDeliveryWork, type DeliverySettings } from "../../newsletters/send/deliver-batch";
import {
  type ClaimedDelivery,
  claimDeliveries,
  releaseClaims,
  renewLease,
} from "../../newsletters/send/ledger";
import type { JobDefinition } from "../job";
import type { JobLogs } from "./job-logs";

export interface NewsletterDeliveryJobOptions extends Partial<DeliverySettings> {
  /** How long claimed deliveries stay this process's; renewed while it works on them. */
  leaseMs?: number;
  /** Deliveries claimed at once (default 50 × concurrency). */
  batchSize?: number;
  /** How often an idle job looks for work (a send started in this process wakes it at once). */
  pollMs?: number;
}

/**
 * Newsletter delivery, in every app process: a send started anywhere survives any one process
 * dying (newsletters/send/README.md). Each claim is a batch of deliveries of the delivery ledger
 * (`FOR UPDATE SKIP LOCKED`, a lease on the database's clock), walked in pool-size lanes; after
 * the batch the rows it still holds (a lane could not record them, or the job is stopping) are
 * given back at once.
 */
export function newsletterDeliveryJob(
  ctx: AppContext,
  logs: JobLogs,
  options: NewsletterDeliveryJobOptions = {},
): JobDefinition<ClaimedDelivery[]> {
  const concurrency = Math.max(1, options.concurrency ?? ctx.config.SMTP_POOL_SIZE);
  const log = options.log ?? logs.log;
  const work = createDeliveryWork(ctx, {
    concurrency,
    retry: options.retry,
    log,
    warn: options.warn ?? (options.log ? log : logs.warn),
  });
  return {
    name: newsletterDeliveryTrigger.jobName,
    trigger: newsletterDeliveryTrigger,
    label: "Newsletter worker",
    pollMs: options.pollMs ?? 1000,
    leaseMs: options.leaseMs ?? ctx.config.NEWSLETTER_LEASE_SECONDS * 1000,
    // Woken by a send or a round announcement queued in this app.
    wake: ctx.jobs.signal(newsletterDeliveryTrigger),
    log,
    async claim(run) {
      const batch = await claimDeliveries(ctx.db, run.owner, {
        limit: options.batchSize ?? concurrency * 50,
        leaseMs: run.leaseMs,
        now: ctx.clock.now(),
        transport: ctx.mailer.fingerprint,
      });
      return batch.length > 0 ? batch : null;
    },
    work: (batch, run) => work.deliver(batch, run),
    renew: (_batch, run) => renewLease(ctx.db, run.owner, run.leaseMs),
    release: (batch, run) =>
      releaseClaims(
        ctx.db,
        run.owner,
        batch.map((d) => d.id),
      ),
    idle: () => work.idle(),
  };
}

/**
 * What wakes each job (docs/jobs.md, "Waking a job"): a trigger is a job's name. A wake carries no
 * payload: the work is the rows queued in the job's table, which any process may claim, so a
 * payload given to this process's wake would be lost when another one claims them. A job definition declares its trigger (`trigger` in `job.ts`); code that
 * queued work for the job imports the trigger and wakes it with `ctx.jobs.wake(trigger)` once its
 * transaction committed, so a misspelt or removed job is a type error, not a wake nobody hears.
 *
 * This file imports nothing, so any feature can import it without importing the jobs that import
 * the feature.
 */
export interface JobTrigger {
  readonly jobName: string;
}

function jobTrigger(jobName: string): JobTrigger {
  return Object.freeze({ jobName });
}

/** Messages were queued in the outbox (outbox/queue.ts): e-mail, Slack, Teams or webhook calls. */
export const outboxTrigger = jobTrigger("outbox-delivery");
/** Urgent messages (sign-in codes and links) were queued in the outbox: its urgent lane. */
export const urgentOutboxTrigger = jobTrigger("outbox-urgent-delivery");
/** Someone asked for connection figures that are missing or stale. */
export const connectionFiguresTrigger = jobTrigger("connection-figures");

/** Every trigger, for the registry's check that each belongs to one job. */
export const ALL_TRIGGERS: readonly JobTrigger[] = [
  outboxTrigger,
  urgentOutboxTrigger,
  connectionFiguresTrigger,
];

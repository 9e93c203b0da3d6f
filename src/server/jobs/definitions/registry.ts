import type { AppContext } from "../../context";
import type { AnyJobDefinition } from "../job";
import { type RunningJob, startJob } from "../run-job";
import { connectionFiguresJob } from "./connection-figures";
import { invitationRemindersJob } from "./invitation-reminders";
import type { JobLogs } from "./job-logs";
import { outboxDeliveryJob, urgentOutboxDeliveryJob } from "./outbox-delivery";
import { pauseRemindersJob } from "./pause-reminders";
import { retentionJob } from "./retention";
import { roundStepsJob } from "./round-steps";

/**
 * Every background job each app process runs (docs/jobs.md), a line each, stopped in this order:
 * a job that queues work for another stops before it (a round's publish queues its announcement
 * in the outbox).
 */
export const JOBS: Array<(ctx: AppContext, logs: JobLogs) => AnyJobDefinition> = [
  // Daily: expired sign-in records and history past retention (docs/privacy.md); one process runs it.
  retentionJob,
  // Daily: reminders to invited people who have not joined, queued in the outbox (docs/mail.md).
  invitationRemindersJob,
  // Daily: a week before a pause ends, the person is told, queued in the outbox (docs/profile.md).
  pauseRemindersJob,
  // The monthly rounds' steps; each step runs once (docs/rounds.md).
  roundStepsJob,
  // Every message queued with queue (src/server/outbox/, docs/mail.md): e-mail, newsletters
  // too, and Slack, Teams and webhook calls in their lanes; a send survives any process dying.
  outboxDeliveryJob,
  // The outbox's urgent lane: sign-in codes and links, never behind a batch (docs/mail.md).
  urgentOutboxDeliveryJob,
  // The Connections figures recounted off the request path (docs/performance.md, "Connections").
  connectionFiguresJob,
];

/** Starts every job of the registry; `stop` ends them in the registry's order. */
export function startJobs(ctx: AppContext, logs: JobLogs): { stop(): Promise<void> } {
  const running: RunningJob[] = JOBS.map((define) =>
    startJob(define(ctx, logs), { databaseDown: logs.databaseDown }),
  );
  return {
    async stop() {
      for (const job of running) await job.stop();
    },
  };
}

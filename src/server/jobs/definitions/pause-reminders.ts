import type { AppContext } from "../../context";
import { queuePauseReminders } from "../../profile/queue-pause-reminders";
import { defineDailyJob } from "../daily-job";
import type { JobLogs } from "./job-logs";

export const PAUSE_REMINDERS_JOB = "pause-reminders";

/**
 * Every process looks every 10 minutes whether today's "your pause ends soon" e-mails were
 * queued; one of them queues them, and the outbox delivers them (docs/profile.md, "Participation").
 */
export function pauseRemindersJob(
  ctx: AppContext,
  logs: JobLogs,
  options: { pollMs?: number; leaseMs?: number } = {},
) {
  return defineDailyJob(ctx, {
    name: PAUSE_REMINDERS_JOB,
    label: "Pause reminders",
    pollMs: options.pollMs ?? 10 * 60_000,
    leaseMs: options.leaseMs ?? 15 * 60_000,
    log: logs.log,
    async work(now) {
      const queued = await queuePauseReminders(ctx, now);
      return `${queued} ${queued === 1 ? "reminder" : "reminders"} queued`;
    },
  });
}

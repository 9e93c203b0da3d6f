import type { AppContext } from "../../context";
import { queueInvitationReminders } from "../../people/whitelist/queue-invitation-reminders";
import { defineDailyJob } from "../daily-job";
import type { JobLogs } from "./job-logs";

export const INVITATION_REMINDERS_JOB = "invitation-reminders";

/**
 * Every process looks every 10 minutes whether today's reminders to invited people who have not
 * joined were queued; one of them queues them, and the outbox delivers them (docs/mail.md,
 * "Invitations and reminders").
 */
export function invitationRemindersJob(
  ctx: AppContext,
  logs: JobLogs,
  options: { pollMs?: number; leaseMs?: number } = {},
) {
  return defineDailyJob(ctx, {
    name: INVITATION_REMINDERS_JOB,
    label: "Invitation reminders",
    pollMs: options.pollMs ?? 10 * 60_000,
    leaseMs: options.leaseMs ?? 15 * 60_000,
    log: logs.log,
    async work(now) {
      const queued = await queueInvitationReminders(ctx, now);
      return `${queued} ${queued === 1 ? "reminder" : "reminders"} queued`;
    },
  });
}

import type { AppContext } from "../../context";
import { RETENTION_JOB, runRetention } from "../../privacy/retention/retention-job";
import { defineDailyJob } from "../daily-job";
import type { JobLogs } from "./job-logs";

/**
 * Every process looks every 10 minutes whether today's clean-up of expired sign-in records and
 * history past retention has run; one of them runs it (docs/privacy.md "Retention").
 */
export function retentionJob(
  ctx: AppContext,
  logs: JobLogs,
  options: { pollMs?: number; leaseMs?: number } = {},
) {
  return defineDailyJob(ctx, {
    name: RETENTION_JOB,
    label: "Retention",
    pollMs: options.pollMs ?? 10 * 60_000,
    leaseMs: options.leaseMs ?? 15 * 60_000,
    log: logs.log,
    async work(now) {
      const note = await runRetention(ctx, now);
      logs.log(`Retention: ${note}`);
      return note;
    },
  });
}

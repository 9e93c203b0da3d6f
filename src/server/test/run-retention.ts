import type { AppContext } from "../context";
import { quietLogs } from "../jobs/definitions/job-logs";
import { retentionJob } from "../jobs/definitions/retention";
import { runDue } from "../jobs/run-job";

/** One look of the daily retention job as process `owner`: the note of its run, or null when not due. */
export async function runRetentionOnce(ctx: AppContext, owner = "process-a") {
  return (await runDue(retentionJob(ctx, quietLogs), { owner }))[0] ?? null;
}

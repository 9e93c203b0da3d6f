import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { dailyJobs } from "../../db/schema";
import { createPollPause } from "../../mail/wake-signal";
import { anonymiseOlderThan } from "./anonymise-old-history";
import { deleteExpired } from "./clean-expired";
import { getRetention } from "./retention-setting";

export const RETENTION_JOB = "privacy-retention";

/** The UTC day a run is for; a run on a later day catches up everything missed. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Runs the day's clean-up once across every process (docs/privacy.md "Retention"): the job's row
 * is claimed with FOR UPDATE SKIP LOCKED under a lease, only while its last finished day is before
 * today, so of several processes one runs it; a process that dies mid-run frees it when the lease
 * ends. After downtime the next look finds the day not done and runs it: the work is cumulative
 * (everything older than the cut-off), so one run catches up any number of missed days.
 * Returns what it did, or null when there was nothing to run.
 */
export async function runRetentionIfDue(
  ctx: AppContext,
  { owner, leaseMs = 15 * 60_000 }: { owner: string; leaseMs?: number },
): Promise<string | null> {
  const now = ctx.clock.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  await ctx.db.insert(dailyJobs).values({ name: RETENTION_JOB }).onConflictDoNothing();
  const claimed = await ctx.db.execute(sql`
    with picked as (
      select name from daily_jobs
      where name = ${RETENTION_JOB}
        and (done_for is null or done_for < ${dayOf(now)})
        and (lease_expires_at is null or lease_expires_at < ${at})
      for update skip locked
    )
    update daily_jobs j
    set claimed_by = ${owner}, lease_expires_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    from picked where j.name = picked.name
    returning j.name`);
  if ((claimed as unknown as { rows: unknown[] }).rows.length === 0) return null;

  const expired = await deleteExpired(ctx.db, now);
  const { months } = await getRetention(ctx.db);
  const cutoff = months === null ? null : monthsBefore(now, months);
  const old = cutoff ? await anonymiseOlderThan(ctx.db, cutoff, now) : 0;
  const note = cutoff
    ? `Deleted ${expired} expired sign-in records; anonymised or deleted ${old} records older than ${dayOf(cutoff)}.`
    : `Deleted ${expired} expired sign-in records; history is kept for ever.`;
  await ctx.db.execute(sql`
    update daily_jobs set done_for = ${dayOf(now)}, last_run_at = ${at}, note = ${note},
      claimed_by = null, lease_expires_at = null
    where name = ${RETENTION_JOB} and claimed_by = ${owner}`);
  return note;
}

/** The same day and time `months` calendar months earlier (the last day of a shorter month). */
export function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

/**
 * The job's timer in every app process (start-server.ts): looks `pollMs` after the start and
 * then every `pollMs`; the claim makes sure it runs once a day in all.
 */
export function startRetentionJob(
  ctx: AppContext,
  options: { owner: string; pollMs?: number; log: (line: string) => void },
): { stop(): Promise<void> } {
  const poll = createPollPause(options.pollMs ?? 10 * 60_000);
  const loop = async () => {
    // The first look waits one interval, so a start does no more work than before.
    await poll.pause();
    while (!poll.stopped) {
      poll.looking();
      try {
        const note = await runRetentionIfDue(ctx, { owner: options.owner });
        if (note) options.log(`Retention: ${note}`);
      } catch (error) {
        if (!poll.stopped) options.log(`Retention: ${(error as Error).message}`);
      }
      await poll.pause();
    }
  };
  const running = loop();
  return {
    async stop() {
      poll.stop();
      await running;
    },
  };
}

import { sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { utcDayOf } from "../dates/month-dates";
import { dailyJobs } from "../db/schema";
import type { JobDefinition, JobRun } from "./job";

export interface DailyJobOptions {
  name: string;
  label: string;
  /** How often each process looks whether the day's run is done. */
  pollMs: number;
  leaseMs: number;
  log(line: string): void;
  /** The day's work as of `now` (ctx.clock's at the claim); returns what it did, in words. */
  work(now: Date): Promise<string>;
}

/**
 * A job that runs once a day across every process (docs/jobs.md "Daily jobs"): its row in
 * `daily_jobs` is claimed with FOR UPDATE SKIP LOCKED under a lease (ctx.clock's time), only while
 * its last finished day is before today, so of several processes one runs it; a process that dies
 * mid-run frees it when the lease ends. After downtime the next look finds the day not done and
 * runs it once: daily work is written to catch up any number of missed days.
 * The claim is the `now` the run is for; the result is the note it left.
 */
export function defineDailyJob(
  ctx: Pick<AppContext, "db" | "clock">,
  options: DailyJobOptions,
): JobDefinition<Date, string> {
  const { name } = options;
  const leaseUntil = (run: JobRun) =>
    sql`${new Date(ctx.clock.now().getTime() + run.leaseMs).toISOString()}::timestamptz`;
  return {
    name,
    label: options.label,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    // The first look waits one interval, so a start does no more work than before.
    firstLookAfterPoll: true,
    log: options.log,
    async claim(run) {
      const now = ctx.clock.now();
      await ctx.db.insert(dailyJobs).values({ name }).onConflictDoNothing();
      const claimed = await ctx.db.execute(sql`
        with picked as (
          select name from daily_jobs
          where name = ${name}
            and (done_for is null or done_for < ${utcDayOf(now)})
            and (lease_expires_at is null or lease_expires_at < ${now.toISOString()}::timestamptz)
          for update skip locked
        )
        update daily_jobs j
        set claimed_by = ${run.owner}, lease_expires_at = ${leaseUntil(run)}
        from picked where j.name = picked.name
        returning j.name`);
      return (claimed as unknown as { rows: unknown[] }).rows.length > 0 ? now : null;
    },
    async work(now, run) {
      const note = await options.work(now);
      await ctx.db.execute(sql`
        update daily_jobs set done_for = ${utcDayOf(now)}, last_run_at = ${now.toISOString()}::timestamptz,
          note = ${note}, claimed_by = null, lease_expires_at = null
        where name = ${name} and claimed_by = ${run.owner}`);
      return note;
    },
    async renew(_now, run) {
      await ctx.db.execute(sql`
        update daily_jobs set lease_expires_at = ${leaseUntil(run)}
        where name = ${name} and claimed_by = ${run.owner}`);
    },
    // A run that failed is given back at once: the next look of any process tries again.
    async release(_now, run) {
      await ctx.db.execute(sql`
        update daily_jobs set claimed_by = null, lease_expires_at = null
        where name = ${name} and claimed_by = ${run.owner}`);
    },
  };
}

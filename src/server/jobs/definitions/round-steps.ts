import type { AppContext } from "../../context";
import type { RoundStepRow } from "../../db/schema";
import { queueBookingNudges } from "../../matches/booking-nudges";
import { planDueRounds, runClaimedStep, type StepRun } from "../../rounds/run-due-steps";
import { claimDueStep, releaseStep, renewLease } from "../../rounds/step-ledger";
import type { JobDefinition } from "../job";
import { runDue } from "../run-job";
import { type JobLogs, quietLogs } from "./job-logs";

export interface RoundStepsJobOptions {
  /** How often it looks for due steps; steps are due at 09:00, so a minute is plenty. */
  pollMs?: number;
  /** How long a claimed step stays this process's before another process may take it. */
  leaseMs?: number;
}

/**
 * The monthly rounds' steps (docs/rounds.md): each look writes down every scope's round whose
 * review window has opened, then runs each due step (draft, publish, check-in, reminder),
 * earliest first, each claimed under a lease (step-ledger.ts) so that whatever the number of
 * processes, each step runs once. What fell due while nothing ran runs now. Each look then
 * queues the booking nudges that fell due (docs/scheduling.md, "The nudge"; once per match).
 */
export function roundStepsJob(
  ctx: AppContext,
  logs: JobLogs,
  options: RoundStepsJobOptions = {},
): JobDefinition<RoundStepRow, StepRun> {
  return {
    name: "round-steps",
    label: "Rounds",
    pollMs: options.pollMs ?? 60_000,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    log: logs.warn,
    prepare: () => planDueRounds(ctx),
    claim: (run) =>
      claimDueStep(ctx.db, { owner: run.owner, leaseMs: run.leaseMs, now: ctx.clock.now() }),
    work: (step, run) => runClaimedStep(ctx, step, run.owner, logs.warn),
    renew: (step, run) => renewLease(ctx.db, step, run.owner, run.leaseMs),
    release: (step, run) => releaseStep(ctx.db, step, run.owner),
    // Once no step is due: the booking nudges that fell due (matches/booking-nudges.ts).
    idle: async () => {
      await queueBookingNudges(ctx);
    },
  };
}

/**
 * Every step due by ctx.clock, run now as process `owner` would (tests and the browser stories
 * step the rounds this way). Returns the steps it ran.
 */
export function runDueSteps(
  ctx: AppContext,
  options: RoundStepsJobOptions & { owner?: string; log?: (line: string) => void } = {},
): Promise<StepRun[]> {
  const log = options.log ?? quietLogs.warn;
  return runDue(roundStepsJob(ctx, { log, warn: log }, options), { owner: options.owner });
}

import type { AppContext } from "../../context";
import type { RoundStageRow } from "../../db/schema";
import { planDueRounds, runClaimedStage, type StageRun } from "../../rounds/run-due-stages";
import { claimDueStage, releaseStage, renewLease } from "../../rounds/stage-ledger";
import type { JobDefinition } from "../job";
import { runDue } from "../run-job";
import { type JobLogs, quietLogs } from "./job-logs";

export interface RoundStepsJobOptions {
  /** How often it looks for due stages; stages are due at 09:00, so a minute is plenty. */
  pollMs?: number;
  /** How long a claimed stage stays this process's before another process may take it. */
  leaseMs?: number;
}

/**
 * The monthly rounds' steps (docs/rounds.md): each look writes down every scope's round whose
 * review window has opened, then runs each due stage (draft, publish, check-in, reminder),
 * earliest first, each claimed under a lease (stage-ledger.ts) so that whatever the number of
 * processes, each stage runs once. What fell due while nothing ran runs now.
 */
export function roundStepsJob(
  ctx: AppContext,
  logs: JobLogs,
  options: RoundStepsJobOptions = {},
): JobDefinition<RoundStageRow, StageRun> {
  return {
    name: "round-steps",
    label: "Rounds",
    pollMs: options.pollMs ?? 60_000,
    leaseMs: options.leaseMs ?? 5 * 60_000,
    log: logs.warn,
    prepare: () => planDueRounds(ctx),
    claim: (run) =>
      claimDueStage(ctx.db, { owner: run.owner, leaseMs: run.leaseMs, now: ctx.clock.now() }),
    work: (stage, run) => runClaimedStage(ctx, stage, run.owner, logs.warn),
    renew: (stage, run) => renewLease(ctx.db, stage, run.owner, run.leaseMs),
    release: (stage, run) => releaseStage(ctx.db, stage, run.owner),
  };
}

/**
 * Every stage due by ctx.clock, run now as process `owner` would (tests and the browser stories
 * step the rounds this way). Returns the stages it ran.
 */
export function runDueStages(
  ctx: AppContext,
  options: RoundStepsJobOptions & { owner?: string; log?: (line: string) => void } = {},
): Promise<StageRun[]> {
  const log = options.log ?? quietLogs.warn;
  return runDue(roundStepsJob(ctx, { log, warn: log }, options), { owner: options.owner });
}

import type { AppContext } from "../../context";
import { connectionFiguresTrigger } from "../../job-triggers";
import { preCountedConnectionPeriods } from "../../metrics/connections/get-connections";
import { recountConnectionFigures } from "../../metrics/connections/recount-connection-figures";
import {
  claimStaleFigures,
  type FiguresClaim,
  keepDefaultViews,
  releaseFiguresClaim,
  renewFiguresLease,
} from "../../metrics/connections/stored-connection-figures";
import type { JobDefinition } from "../job";
import type { JobLogs } from "./job-logs";

export interface ConnectionFiguresJobOptions {
  pollMs?: number;
  leaseMs?: number;
  /** The least time between two counts of one key (ctx.clock). */
  gapMs?: number;
}

/**
 * Keeps the Connections figures counted off the request path (docs/performance.md,
 * "Connections"; decision 0049): each look makes sure the views the page opens with have a row,
 * then recounts stale keys one at a time across every process, each under a lease on ctx.clock.
 * Woken when a read answered stale figures; otherwise it finds changes at its next poll.
 */
export function connectionFiguresJob(
  ctx: AppContext,
  logs: JobLogs,
  options: ConnectionFiguresJobOptions = {},
): JobDefinition<FiguresClaim> {
  const gapMs = options.gapMs ?? 60_000;
  const leaseUntil = (leaseMs: number) => new Date(ctx.clock.now().getTime() + leaseMs);
  return {
    name: connectionFiguresTrigger.jobName,
    trigger: connectionFiguresTrigger,
    label: "Connection figures",
    pollMs: options.pollMs ?? 30_000,
    // A count at 100,000 people takes tens of seconds; the lease is renewed while it runs.
    leaseMs: options.leaseMs ?? 120_000,
    wake: ctx.jobs.signal(connectionFiguresTrigger),
    log: logs.warn,
    prepare: () => keepDefaultViews(ctx.db, preCountedConnectionPeriods(ctx.clock.now())),
    claim: (run) =>
      claimStaleFigures(
        ctx.db,
        { owner: run.owner, leaseMs: run.leaseMs, now: ctx.clock.now(), gapMs },
        preCountedConnectionPeriods(ctx.clock.now()),
      ),
    work: (claim, run) => recountConnectionFigures(ctx, claim, run.owner),
    renew: (claim, run) => renewFiguresLease(ctx.db, claim, run.owner, leaseUntil(run.leaseMs)),
    release: (claim, run) => releaseFiguresClaim(ctx.db, claim, run.owner),
  };
}

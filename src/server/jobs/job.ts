/**
 * What a background job is (docs/jobs.md): a definition says how to claim its due work under a
 * lease, how to do it, how to renew and give back the lease; run-job.ts is the one loop that
 * drives every definition. A definition file in `definitions/` plus a line in
 * `definitions/registry.ts` is a new job.
 */
import type { JobTrigger } from "../job-triggers";
import type { WakeSignal } from "../job-wakes";

/** What the loop tells a definition about the run it is part of. */
export interface JobRun {
  /** Who holds the claims: `host:pid:random`, one per started job. */
  readonly owner: string;
  /** How long a claim stays this owner's; the loop renews it every third of that while work runs. */
  readonly leaseMs: number;
  /** True once the job was asked to stop: finish what is in flight, take nothing new. */
  readonly stopping: boolean;
}

export interface JobDefinition<Claim, Result = void> {
  /** Kebab-case, unique in the registry; the owner id and the log lines carry it. */
  readonly name: string;
  /** The prefix of its log lines, e.g. "Rounds". */
  readonly label: string;
  /** How long an idle job waits before it looks again (a wake cuts the wait short). */
  readonly pollMs: number;
  readonly leaseMs: number;
  /** What code that queued work for this job wakes it with (`job-triggers.ts`); named `name`. */
  readonly trigger?: JobTrigger;
  /** Wakes the job at once when something queued work for it in this process. */
  readonly wake?: WakeSignal;
  /** The first look waits one `pollMs` (a start does no more work than before). */
  readonly firstLookAfterPoll?: boolean;
  /** Where a failed look is reported (the server's logger). */
  log(line: string): void;
  /** Once per look, before its first claim (e.g. write down what fell due). */
  prepare?(run: JobRun): Promise<void>;
  /** Takes the next piece of due work under a lease for `run.owner`, or null when none is due. */
  claim(run: JobRun): Promise<Claim | null>;
  /** Does the claimed work. Long work checks `run.stopping` between its steps. */
  work(claim: Claim, run: JobRun): Promise<Result>;
  /** Extends the lease on the claim while `work` runs; a throw is logged, not fatal. */
  renew?(claim: Claim, run: JobRun): Promise<unknown>;
  /** After `work` (done or thrown): gives back what of the claim this owner still holds. */
  release?(claim: Claim, run: JobRun): Promise<void>;
  /** A look that found nothing due (e.g. finish what a crashed process left open). */
  idle?(run: JobRun): Promise<void>;
  /**
   * For a definition whose `work` only starts its work and returns (the channels' lanes, which run
   * side by side): resolves once everything it started has finished. A stop waits for it.
   */
  drain?(): Promise<void>;
}

/** A definition whose claim and result types are its own business (the registry's view). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of every claim type.
export type AnyJobDefinition = JobDefinition<any, any>;

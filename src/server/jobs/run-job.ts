import type { AnyJobDefinition, JobDefinition, JobRun } from "./job";
import { newOwnerId } from "./owner-id";
import { createPollPause } from "./wake-signal";

/** A job running in this process (registry.ts starts one per definition). */
export interface RunningJob {
  readonly name: string;
  readonly owner: string;
  /** Look now instead of at the end of the idle wait. */
  wake(): void;
  /** Resolves after a look, begun after this call, found nothing due (or once the job stopped). */
  settled(): Promise<void>;
  /** Lets the work in flight finish, gives back its claim and stops; no claim is taken after. */
  stop(): Promise<void>;
}

/**
 * The one loop of every background job (docs/jobs.md): look (prepare, then claim and work until
 * nothing is due, each claim under a lease renewed while its work runs and released after it),
 * then wait `pollMs` or until woken; a stop ends the wait at once and lets the work in flight
 * finish. A look that fails is logged and the next one comes after the wait.
 */
export function startJob<Claim, Result>(
  definition: JobDefinition<Claim, Result>,
  options: { owner?: string; databaseDown?: (error: unknown) => boolean } = {},
): RunningJob {
  const poll = createPollPause(definition.pollMs);
  // A database outage is logged once for the process, not once per job, look and lease.
  const report: Report = (error, line) => {
    if (!options.databaseDown?.(error)) definition.log(line);
  };
  const run = jobRun(definition, options.owner, () => poll.stopped);
  const unsubscribe = definition.wake?.on(poll.wake);
  let looksBegun = 0;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  const loop = async () => {
    if (definition.firstLookAfterPoll) await poll.pause();
    while (!poll.stopped) {
      poll.looking();
      const look = ++looksBegun;
      try {
        await lookOnce(definition, run, report);
      } catch (error) {
        if (!poll.stopped) report(error, `${definition.label}: ${(error as Error).message}`);
      }
      for (const waiter of waiters.filter((w) => w.after < look)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      await poll.pause();
    }
    for (const waiter of waiters.splice(0)) waiter.resolve();
  };
  const running = loop();

  return {
    name: definition.name,
    owner: run.owner,
    wake: poll.wake,
    settled() {
      if (poll.stopped) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.push({ after: looksBegun, resolve });
        poll.wake();
      });
    },
    async stop() {
      poll.stop();
      unsubscribe?.();
      await running;
      await definition.drain?.();
    },
  };
}

/**
 * One look without the loop: everything due now is claimed and worked through, as the running
 * job would (tests and the browser stories step a job this way with ctx.clock). Returns what each
 * piece of work returned.
 */
export async function runDue<Claim, Result>(
  definition: JobDefinition<Claim, Result>,
  options: { owner?: string } = {},
): Promise<Result[]> {
  const looked = await lookOnce(
    definition,
    jobRun(definition, options.owner, () => false),
  );
  await definition.drain?.();
  return looked;
}

function jobRun(definition: AnyJobDefinition, owner: string | undefined, stopping: () => boolean) {
  const run: JobRun = {
    owner: owner ?? newOwnerId(),
    leaseMs: definition.leaseMs,
    get stopping() {
      return stopping();
    },
  };
  return run;
}

/** Logs a failure unless it says the database is out of reach (then the outage is logged once). */
type Report = (error: unknown, line: string) => void;

async function lookOnce<Claim, Result>(
  definition: JobDefinition<Claim, Result>,
  run: JobRun,
  report: Report = (_error, line) => definition.log(line),
): Promise<Result[]> {
  const results: Result[] = [];
  await definition.prepare?.(run);
  while (!run.stopping) {
    const claim = await definition.claim(run);
    if (claim === null) {
      await definition.idle?.(run);
      break;
    }
    const heartbeat = keepLease(definition, claim, run, report);
    try {
      results.push(await definition.work(claim, run));
    } finally {
      await heartbeat.stop();
      await definition
        .release?.(claim, run)
        .catch((error: Error) =>
          report(error, `${definition.label}: a claim could not be given back: ${error.message}`),
        );
    }
  }
  return results;
}

/**
 * Renews the claim's lease every third of it while its work runs (a big company, a slow mail
 * server), so no other process takes over work that is still going; a crashed process stops
 * renewing and its claim is free once the lease ends.
 */
function keepLease<Claim>(
  definition: JobDefinition<Claim, unknown>,
  claim: Claim,
  run: JobRun,
  report: Report,
) {
  const renew = definition.renew;
  if (!renew) return { stop: async () => {} };
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewing = renew(claim, run).catch((error: Error) =>
        report(error, `${definition.label}: the lease could not be renewed: ${error.message}`),
      );
    },
    Math.max(10, Math.floor(run.leaseMs / 3)),
  );
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

import type { JobTrigger } from "./job-triggers";

/**
 * A job of this process polls its table (jobs/run-job.ts); code that just queued work for it (a
 * request that queued mail, a round that queued its announcement) wakes it, so the work starts at
 * once instead of at the next poll. One signal per job, kept beside the code that queues its work.
 */
export interface WakeSignal {
  /** Calls `listener` on every wake until the returned function is called. */
  on(listener: () => void): () => void;
  wake(): void;
}

export function createWakeSignal(): WakeSignal {
  const listeners = new Set<() => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wake() {
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The wake signals of one app's jobs (`ctx.jobs`): code that queued work for a job in this process
 * wakes it with `ctx.jobs.wake(outboxTrigger)` after its transaction committed; the
 * job's definition listens on `ctx.jobs.signal(its trigger)`. Feature code imports the trigger
 * (`job-triggers.ts`), never the jobs that import it (docs/jobs.md).
 */
export interface JobWakes {
  wake(trigger: JobTrigger): void;
  signal(trigger: JobTrigger): WakeSignal;
}

export function createJobWakes(): JobWakes {
  const signals = new Map<string, WakeSignal>();
  const signal = ({ jobName }: JobTrigger) => {
    let found = signals.get(jobName);
    if (!found) {
      found = createWakeSignal();
      signals.set(jobName, found);
    }
    return found;
  };
  return { signal, wake: (trigger) => signal(trigger).wake() };
}

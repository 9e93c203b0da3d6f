import type { JobTrigger } from "../job-triggers";

/**
 * A job of this process polls its table (run-job.ts); code that just queued work for it (a
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

/** A job's wait between looks at its table: `pollMs`, cut short by a wake or a stop. */
export interface PollPause {
  readonly stopped: boolean;
  /** Ends the current wait at once, or makes the next one end at once. */
  wake(): void;
  /** Call as a look at the queue begins: the wakes before it are answered by this look. */
  looking(): void;
  pause(): Promise<void>;
  stop(): void;
}

export function createPollPause(pollMs: number): PollPause {
  let stopped = false;
  let pendingWake = false;
  let wakeUp: (() => void) | undefined;
  return {
    get stopped() {
      return stopped;
    },
    wake() {
      pendingWake = true;
      wakeUp?.();
    },
    looking() {
      pendingWake = false;
    },
    pause: () =>
      new Promise<void>((resolve) => {
        if (pendingWake || stopped) return resolve();
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          wakeUp = undefined;
          resolve();
        }
        wakeUp = done;
      }),
    stop() {
      stopped = true;
      wakeUp?.();
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

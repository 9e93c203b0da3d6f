/**
 * The workers of this process that send queued mail (newsletter deliveries, sign-in mail) poll
 * their table; a request that just queued mail wakes them so it goes out at once instead of at
 * the next poll. One signal per queue.
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

/** A queue worker's wait between looks at its table: `pollMs`, cut short by a wake or a stop. */
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

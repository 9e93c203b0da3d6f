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

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

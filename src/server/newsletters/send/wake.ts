/** Workers of this process, so a send started here begins at once instead of at the next poll. */
const listeners = new Set<() => void>();

export function onWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeDeliveryWorkers(): void {
  for (const listener of listeners) listener();
}

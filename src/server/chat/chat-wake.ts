import { createWakeSignal } from "../mail/wake-signal";

const signal = createWakeSignal();

/** Wakes this process's chat delivery worker: something was just queued. */
export function wakeChatDeliveries(): void {
  signal.wake();
}

export const onChatWake = (listener: () => void) => signal.on(listener);

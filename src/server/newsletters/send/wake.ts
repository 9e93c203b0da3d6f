import { createWakeSignal } from "../../jobs/wake-signal";

/**
 * Wakes this process's newsletter delivery job, so a send started here begins at once instead of
 * at the next poll (jobs/definitions/newsletter-delivery.ts).
 */
export const deliveriesQueued = createWakeSignal();

export const wakeDeliveryWorkers = deliveriesQueued.wake;

import { createWakeSignal } from "../../mail/wake-signal";

/** Workers of this process, so a send started here begins at once instead of at the next poll. */
const deliveries = createWakeSignal();

export const onWake = deliveries.on;
export const wakeDeliveryWorkers = deliveries.wake;

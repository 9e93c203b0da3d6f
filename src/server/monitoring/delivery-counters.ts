import { Counter, collectDefaultMetrics, Registry } from "prom-client";

/**
 * What this process has done since it started, counted where it happens and read by /metrics
 * (docs/monitoring.md): one registry per process, since the counters are the process's own.
 * The process's own figures (memory, CPU, event loop delay) come with prom-client's defaults.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

const lane = (urgent: boolean) => (urgent ? "urgent" : "standard");

const sent = new Counter({
  name: "coj_outbox_sent_total",
  help: "Messages the mail server accepted, by kind and lane.",
  labelNames: ["kind", "lane"] as const,
  registers: [processRegistry],
});

const failed = new Counter({
  name: "coj_outbox_failed_attempts_total",
  help: "Delivery attempts that failed, by kind, lane and outcome (retry: tried again later; failed: given up).",
  labelNames: ["kind", "lane", "outcome"] as const,
  registers: [processRegistry],
});

/** A message the mail server accepted. */
export function countSent(kind: string, urgent: boolean): void {
  sent.inc({ kind, lane: lane(urgent) });
}

/** A delivery attempt that failed: tried again later, or given up for good. */
export function countFailedAttempt(
  kind: string,
  urgent: boolean,
  outcome: "retry" | "failed",
): void {
  failed.inc({ kind, lane: lane(urgent), outcome });
}

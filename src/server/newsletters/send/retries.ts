import type { Db } from "../../db/client";
import { type ClaimedDelivery, recordFailed } from "./ledger";
import type { FailedAttempt } from "./outcome";

export interface RetryRules {
  /** The wait before the next try after this many tries (mail/mail-failure.ts backoffDelayMs). */
  delayMs: (attempts: number) => number;
  /** How long a delivery keeps being retried after its first transient failure in a row. */
  horizonMs: number;
  /** ctx.clock's now. */
  now: Date;
}

/**
 * Records a failed attempt. A transient one puts the delivery back to pending until its backoff
 * is over, remembering when the run of failures began; once that is more than the horizon ago, or
 * when the failure is permanent, the delivery fails with the SMTP code and text. A delivery
 * another worker has meanwhile sent stays sent.
 */
export async function recordFailure(
  db: Db,
  delivery: ClaimedDelivery,
  failure: FailedAttempt,
  rules: RetryRules,
): Promise<"retry" | "failed"> {
  const attempts = delivery.attempts + 1;
  const failingSince = delivery.failingSince ?? rules.now;
  const givenUp = rules.now.getTime() - failingSince.getTime() >= rules.horizonMs;
  const retry = failure.retry && !givenUp;
  const base = {
    attempts,
    errorCode: failure.errorCode,
    errorText: failure.errorText,
    updatedAt: rules.now,
  };
  await recordFailed(
    db,
    delivery.id,
    retry
      ? {
          ...base,
          state: "pending",
          failingSince,
          nextAttemptAt: new Date(rules.now.getTime() + rules.delayMs(attempts)),
        }
      : {
          ...base,
          state: "failed",
          sendStatus: failure.sendStatus,
          errorText: failure.retry
            ? `${givenUpReason(rules.horizonMs)} Last error: ${failure.errorText}`
            : failure.errorText,
        },
  );
  return retry ? "retry" : "failed";
}

export function givenUpReason(horizonMs: number): string {
  return `The mail server could not take it for ${formatDuration(horizonMs)}; gave up.`;
}

function formatDuration(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 1) return `${Number(hours.toFixed(1))} h`;
  const minutes = ms / 60_000;
  if (minutes >= 1) return `${Number(minutes.toFixed(1))} min`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}

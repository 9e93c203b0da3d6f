import type { BackoffSettings } from "../mail/mail-failure";

/**
 * The one retry policy of every channel (decision 0072): 2 s doubling up to 10 min (with jitter),
 * as the newsletter deliveries wait (docs/newsletters.md); a message failing for the horizon in a
 * row (24 h unless NEWSLETTER_RETRY_HOURS says otherwise) gives up.
 */
export const DEFAULT_RETRY: BackoffSettings = { baseMs: 2000, capMs: 10 * 60_000 };
/** 1 s doubling up to 8 s (with jitter): a code's reader is at the sign-in page now. */
export const DEFAULT_URGENT_RETRY: BackoffSettings = { baseMs: 1000, capMs: 8000 };
export const DEFAULT_HORIZON_MS = 24 * 3_600_000;

/** True once a run of failures that began at `firstFailedAt` has lasted the horizon. */
export function pastHorizon(firstFailedAt: Date | null, now: Date, horizonMs: number): boolean {
  return now.getTime() - (firstFailedAt ?? now).getTime() >= horizonMs;
}

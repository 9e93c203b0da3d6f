/**
 * What a failed SMTP attempt means, for any queue that sends mail (newsletter deliveries today):
 * whether another try later may succeed, and whether the server itself was out of reach (so every
 * other message to it will fail too) or only this message was deferred or refused. Also the
 * retry delay: capped exponential backoff with jitter, so the retries of many messages spread out
 * instead of arriving together when the server comes back.
 */

/** Transport errors without a reply code that another try may cure (Node's and nodemailer's codes). */
const CONNECTION_CODES = new Set([
  "ECONNECTION",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

export type MailFailureKind =
  /** No answer, a lost connection, a timeout or a 421 "service not available": the whole server. */
  | "unreachable"
  /** Another 4xx reply: the server asks to try this message again later. */
  | "deferred"
  /** A 5xx reply or an error no retry can cure: this message fails for good. */
  | "permanent";

export interface MailErrorFields {
  code?: string;
  responseCode?: number;
}

export function classifyMailError({ code, responseCode }: MailErrorFields): MailFailureKind {
  if (responseCode === undefined) {
    return code !== undefined && CONNECTION_CODES.has(code) ? "unreachable" : "permanent";
  }
  if (responseCode === 421) return "unreachable";
  if (responseCode >= 400 && responseCode < 500) return "deferred";
  return "permanent";
}

export function isTransientMailError(error: MailErrorFields): boolean {
  return classifyMailError(error) !== "permanent";
}

export interface BackoffSettings {
  /** Delay after the first failure (before jitter). */
  baseMs: number;
  /** The longest delay. */
  capMs: number;
}

/**
 * The wait after the `failures`-th failure in a row: base × 2^(failures − 1), at most the cap,
 * with "equal jitter" — half of it fixed, half random — so the delay still grows while messages
 * that failed together come back at different moments.
 */
export function backoffDelayMs(
  failures: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30);
  const ceiling = Math.min(settings.capMs, settings.baseMs * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

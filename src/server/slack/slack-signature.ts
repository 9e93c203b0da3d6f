import { createHmac, timingSafeEqual } from "node:crypto";

/** Slack's replay window: a request signed more than five minutes from now is refused. */
export const SLACK_SIGNATURE_WINDOW_SECONDS = 5 * 60;

export interface SignedSlackRequest {
  /** `X-Slack-Request-Timestamp`: seconds since the epoch. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`: `v0=` and the hex HMAC. */
  signature: string | undefined;
  /** The raw body, exactly as received. */
  body: string;
}

/**
 * Slack's request signature (docs/chat.md, "Interactivity"): `v0=` + hex HMAC-SHA256 of
 * `v0:{timestamp}:{body}` keyed with the app's signing secret, compared in constant time, with the
 * timestamp within five minutes of now.
 */
export function verifySlackSignature(
  secret: string,
  request: SignedSlackRequest,
  now: Date,
): boolean {
  const { timestamp, signature, body } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const age = Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp));
  if (age > SLACK_SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signSlackBody(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The `X-Slack-Signature` value Slack sends for this timestamp and body. */
export function signSlackBody(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

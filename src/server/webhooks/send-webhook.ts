import { Webhook } from "standardwebhooks";
import { NoAnswerInTime, pinnedPost } from "../outbound/pinned-post";
import { RefusedAddress } from "../outbound/public-address";
import type { SendOutcome } from "../outbox/channels";

/** How long a receiver has to answer a call (Standard Webhooks recommends 15 to 30 s). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * One signed call (docs/chat.md, "Webhooks"): the JSON body signed per the Standard Webhooks
 * specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`), sent only to the
 * address checked just before (never a private one unless the company allows it), following no
 * redirect, answered within `timeoutMs`. A 2xx is delivered; 429 and 503 wait as long as their
 * Retry-After asks; 410 Gone ends the delivery and turns the endpoint off; 408, other 5xx, no
 * answer in time and an unreachable receiver are retried with backoff; any other answer fails.
 */
export async function sendWebhook(
  endpoint: { url: string; secret: string },
  payload: { id: string; type: string; timestamp: string; data: unknown },
  now: Date,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendOutcome> {
  const body = JSON.stringify({
    type: payload.type,
    timestamp: payload.timestamp,
    data: payload.data,
  });
  const signature = new Webhook(endpoint.secret).sign(payload.id, now, body);
  let answer: Awaited<ReturnType<typeof pinnedPost>>;
  try {
    answer = await pinnedPost(new URL(endpoint.url), {
      headers: {
        "content-type": "application/json",
        "user-agent": "CupOfJoe-Webhooks",
        "webhook-id": payload.id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      allowPrivate: options.allowPrivate,
    });
  } catch (error) {
    if (error instanceof RefusedAddress) {
      return { kind: "ended", state: "failed", error: `Not sent: ${error.message}` };
    }
    const reason = error instanceof NoAnswerInTime ? error.message : (error as Error).message;
    return { kind: "retry", error: `The receiver could not be reached: ${reason}` };
  }
  return answerOutcome(answer.status, answer.header("retry-after"), now);
}

function answerOutcome(status: number, retryAfter: string | undefined, now: Date): SendOutcome {
  if (status >= 200 && status < 300) return { kind: "sent", result: { status } };
  if (status === 410) {
    return {
      kind: "ended",
      state: "failed",
      error: "The receiver answered 410 Gone: it wants no more events.",
      endpointGone: true,
    };
  }
  if (status === 429 || status === 503) {
    const afterMs = retryAfterMs(retryAfter ?? null, now);
    const asked = afterMs === undefined ? "" : `; retrying after ${Math.ceil(afterMs / 1000)} s`;
    return { kind: "retry", afterMs, error: `The receiver answered ${status}${asked}.` };
  }
  if (status === 408 || status >= 500) {
    return { kind: "retry", error: `The receiver answered ${status}.` };
  }
  if (status >= 300 && status < 400) {
    return {
      kind: "ended",
      state: "failed",
      error: `The receiver answered ${status} (a redirect); redirects are not followed.`,
    };
  }
  return { kind: "ended", state: "failed", error: `The receiver answered ${status}.` };
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

import { Webhook } from "standardwebhooks";
import type { ChatOutcome } from "./outcome";

/**
 * One signed call (docs/chat.md, "Webhooks"): the JSON body signed per the Standard Webhooks
 * specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A 2xx is delivered; a
 * 429 waits as long as its Retry-After asks; 408, 5xx and an unreachable receiver are retried
 * with backoff; any other answer fails the delivery with its status.
 */
export async function sendWebhook(
  endpoint: { url: string; secret: string },
  payload: { id: string; type: string; timestamp: string; data: unknown },
  now: Date,
): Promise<ChatOutcome> {
  const body = JSON.stringify({
    type: payload.type,
    timestamp: payload.timestamp,
    data: payload.data,
  });
  const signature = new Webhook(endpoint.secret).sign(payload.id, now, body);
  let response: Response;
  try {
    response = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "CupOfJoe-Webhooks",
        "webhook-id": payload.id,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
  } catch (error) {
    return {
      kind: "retry",
      error: `The receiver could not be reached: ${(error as Error).message}`,
    };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: "sent", result: { status } };
  if (status === 429) {
    return {
      kind: "retry",
      afterMs: retryAfterMs(response.headers.get("retry-after"), now),
      error: "The receiver asked us to slow down (429).",
    };
  }
  if (status === 408 || status >= 500) {
    return { kind: "retry", error: `The receiver answered ${status}.` };
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

import { CalendarReadError } from "./busy-times-provider";

/** Throttled answers retried, at most, before the read fails. */
const MAX_RETRIES = 3;
/** The longest wait honoured from a Retry-After; a longer one fails the read at once. */
const MAX_WAIT_MS = 60_000;

export interface ServiceCall {
  /** "Microsoft Graph", "Google's token endpoint": the service named in messages. */
  service: string;
  url: string;
  init: RequestInit;
  fetch: typeof fetch;
  /** Waits between retries; tests pass one that records the wait. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a JSON (or form) request to a calendar service and answers its JSON. A throttled answer
 * (429, or 503 with Retry-After) is retried after the seconds the service asks for (Retry-After),
 * or 1, 2, 4 s without one, at most three times; any other refusal fails with the service's
 * own message, which names what to fix.
 */
export async function callService(call: ServiceCall): Promise<unknown> {
  const sleep = call.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    let answer: Response;
    try {
      answer = await call.fetch(call.url, call.init);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CalendarReadError(`${call.service} could not be reached: ${reason}`);
    }
    const throttled =
      answer.status === 429 || (answer.status === 503 && answer.headers.has("retry-after"));
    if (throttled && attempt < MAX_RETRIES) {
      const waitMs = retryAfterMs(answer.headers.get("retry-after"), attempt);
      if (waitMs <= MAX_WAIT_MS) {
        await answer.body?.cancel();
        await sleep(waitMs);
        continue;
      }
    }
    const text = await answer.text();
    if (answer.ok) return parseJson(text, call.service);
    throw new CalendarReadError(
      `${call.service} answered ${answer.status}${throttled ? " (too many requests)" : ""}: ${serviceMessage(text)}`,
    );
  }
}

/** Retry-After in seconds or as an HTTP date; without one, 1, 2, 4 s. */
function retryAfterMs(header: string | null, attempt: number): number {
  if (header !== null) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return 1000 * 2 ** attempt;
}

function parseJson(text: string, service: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CalendarReadError(`${service} did not answer JSON.`);
  }
}

/**
 * The sentence in an error answer: OAuth's `error_description`, Graph's `error.message`, Google's
 * `error.message` or `error` (the token endpoint's code), cut to one short line.
 */
function serviceMessage(text: string): string {
  let message = text;
  try {
    const body = JSON.parse(text) as {
      error?: string | { message?: string };
      error_description?: string;
    };
    message =
      body.error_description ??
      (typeof body.error === "string" ? body.error : body.error?.message) ??
      text;
  } catch {}
  return message.replace(/\s+/g, " ").trim().slice(0, 300) || "no reason given";
}

/** An access token kept until a minute before it expires. */
export function cachedToken(
  fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
  now: () => number = Date.now,
): () => Promise<string> {
  let kept: { token: string; until: number } | undefined;
  return async () => {
    if (kept && kept.until > now()) return kept.token;
    const fresh = await fetchToken();
    kept = { token: fresh.token, until: now() + (fresh.expiresInSeconds - 60) * 1000 };
    return fresh.token;
  };
}

/** Splits a list into runs of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

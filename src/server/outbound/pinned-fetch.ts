import http from "node:http";
import https from "node:https";
import { AnswerTooLarge } from "./capped-fetch";
import { pinnedLookup } from "./pinned-post";
import { checkedAddress } from "./public-address";

export interface PinnedFetchOptions {
  allowPrivate: boolean;
  /** The end of the refusal's sentence: which setting lets private addresses through. */
  refusal: string;
  timeoutMs: number;
  /** The most bytes of an answer read; a longer one fails. */
  maxBytes: number;
}

/**
 * A `fetch` for clients that take one (tsdav) and for our own JSON calls to calendar services: the
 * host is checked and pinned as for webhooks (public-address.ts, pinned-post.ts), redirects are
 * not followed, and the whole exchange must finish within `timeoutMs`.
 */
export function pinnedFetch(options: PinnedFetchOptions): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const pinned = await checkedAddress(url.hostname, options);
    const client = url.protocol === "https:" ? https : http;
    const body = init?.body == null ? undefined : String(init.body);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: init?.method ?? "GET",
          headers,
          lookup: pinnedLookup(pinned),
          agent: false,
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > options.maxBytes) {
              request.destroy(new AnswerTooLarge(url.host, options.maxBytes));
            } else chunks.push(chunk);
          });
          response.on("error", reject);
          response.on("end", () => {
            const status = response.statusCode ?? 502;
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const one of [value ?? []].flat()) answerHeaders.append(name, one);
            }
            const noBody = status === 204 || status === 304 || method(init) === "HEAD";
            resolve(
              new Response(noBody ? null : Buffer.concat(chunks), {
                status,
                headers: answerHeaders,
              }),
            );
          });
        },
      );
      request.on("error", (error) => {
        reject(
          error.name === "AbortError" || error.name === "TimeoutError"
            ? new Error(`${url.host} did not answer within ${options.timeoutMs / 1000} s.`)
            : error,
        );
      });
      request.end(body);
    });
  };
}

const method = (init: RequestInit | undefined) => (init?.method ?? "GET").toUpperCase();

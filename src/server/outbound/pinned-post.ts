import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type CheckedAddress, checkedAddress } from "./public-address";

export interface PinnedAnswer {
  status: number;
  header(name: string): string | undefined;
}

/** Bytes of an answer's body read before its connection is dropped (docs/chat.md, "Limits"). */
export const MAX_DRAINED_BYTES = 64 * 1024;

/** A request that got no answer in time: the receiver accepted and never answered, or was slow. */
export class NoAnswerInTime extends Error {}

/**
 * POSTs `body` to `url` on the address checked just before (public-address.ts): the connection's
 * DNS lookup is pinned to that address, so a name that changes its answer between the check and
 * the connection (DNS rebinding) still reaches only the checked one; the TLS name stays the
 * host's. Redirects are never followed (a 3xx is an answer like any other). The whole exchange
 * must finish within `timeoutMs`.
 */
export async function pinnedPost(
  url: URL,
  options: {
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<PinnedAnswer> {
  const pinned = await checkedAddress(url.hostname, { allowPrivate: options.allowPrivate });
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PinnedAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) },
        lookup: pinnedLookup(pinned),
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        // Only the status and headers count: the body is drained, and dropped past a few bytes.
        let drained = 0;
        response.on("data", (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > MAX_DRAINED_BYTES) response.destroy();
        });
        response.on("error", () => {});
        resolve({
          status: response.statusCode ?? 0,
          header: (name) => {
            const value = response.headers[name.toLowerCase()];
            return Array.isArray(value) ? value[0] : value;
          },
        });
      },
    );
    request.on("error", (error) => {
      reject(
        error.name === "AbortError" || error.name === "TimeoutError"
          ? new NoAnswerInTime(`no answer within ${options.timeoutMs / 1000} s`)
          : error,
      );
    });
    request.end(options.body);
  });
}

/** A `lookup` that answers the checked address whatever it is asked, in the shape asked for. */
export function pinnedLookup(pinned: CheckedAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) {
      (callback as unknown as (e: null, all: CheckedAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { TooManyRequests } from "../errors";
import { clientIpKey } from "./client-ip-key";
import { normalizeEmail } from "./email-address";

type Limit = { max: number; timeWindow: string };

/** The body's address as the sign-in reads it, so "A@x.test" and "a@x.test" share one count. */
function bodyAddress(request: FastifyRequest): string {
  const raw = String((request.body as { email?: unknown } | undefined)?.email ?? "");
  return normalizeEmail(raw) ?? raw.toLowerCase();
}

/** The answer of every request limit: how long to wait, in words and in `Retry-After`. */
export function requestLimitError(ttlMs: number): TooManyRequests {
  const seconds = Math.ceil(ttlMs / 1000);
  return new TooManyRequests(
    `Too many requests. Please wait ${seconds} seconds and try again.`,
    seconds,
  );
}

/**
 * A preHandler limit keyed by the address in the body (docs/sign-in.md "Limits"), run once the
 * body is read and on top of the route's per-IP limit (`createRateLimit`: the plugin's own route
 * hook runs one limit per request); with `perRequester` the requester's client IP key is part of
 * the key, so a stranger spends only their own budget. `name` keeps each route's counters apart
 * in the shared store.
 */
export function addressLimit(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  { perRequester }: { perRequester: boolean },
) {
  const count = app.createRateLimit({
    ...limit,
    keyGenerator: (request) =>
      `${name}:${bodyAddress(request)}${perRequester ? `|${clientIpKey(request.ip)}` : ""}`,
  });
  return async (request: FastifyRequest) => {
    const counted = await count(request);
    if (!counted.isAllowed && counted.isExceeded) throw requestLimitError(counted.ttl);
  };
}

/** A limit per signed-in person (an office shares one IP), per IP for anyone else. */
export function personLimit(limit: Limit) {
  return {
    ...limit,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `person:${request.user.id}` : clientIpKey(request.ip),
  };
}

import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { TooManyRequests } from "../errors";
import { keyedHash } from "./auth-secret";
import { clientIpKey } from "./client-ip-key";
import { normalizeEmail } from "./email-address";
import { countHit } from "./rate-limit-store";

/** The answer of every request limit: how long to wait, in words and in `Retry-After`. */
export function requestLimitError(ttlMs: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new TooManyRequests(
    `Too many requests. Please wait ${seconds} seconds and try again.`,
    seconds,
  );
}

/** The body's address as the sign-in reads it, so "A@x.test" and "a@x.test" share one count. */
function bodyAddress(request: FastifyRequest): string {
  const raw = String((request.body as { email?: unknown } | undefined)?.email ?? "");
  return normalizeEmail(raw) ?? raw.toLowerCase();
}

/**
 * A preHandler limit keyed by the address in the body (docs/sign-in.md "Limits"), on top of the
 * route's per-IP limit. It counts in `rate_limit_counters` on `ctx.clock`, so it holds across
 * processes with either database; the key holds a keyed hash of the address, never the address
 * (docs/privacy.md). With `perRequester` the requester's client IP key is part of the key, so a
 * stranger spends only their own budget; `name` keeps each route's counters apart.
 */
export function addressLimit(
  ctx: AppContext,
  name: string,
  limit: { max: number; windowMs: number },
  { perRequester }: { perRequester: boolean },
) {
  return async (request: FastifyRequest) => {
    const requester = perRequester ? `|${clientIpKey(request.ip)}` : "";
    const address = await keyedHash(ctx, "request-limit", bodyAddress(request));
    const key = `${name}:${address}${requester}`;
    const { current, ttl } = await countHit(ctx.db, key, limit.windowMs, ctx.clock.now());
    if (current > limit.max) throw requestLimitError(ttl);
  };
}

/** A limit per signed-in person (an office shares one IP), per IP for anyone else. */
export function personLimit(limit: { max: number; timeWindow: string }) {
  return {
    ...limit,
    keyGenerator: (request: FastifyRequest) =>
      request.user ? `person:${request.user.id}` : clientIpKey(request.ip),
  };
}

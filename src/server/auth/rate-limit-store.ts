import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { rateLimitCounters } from "../db/schema";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/** Counts one request for `key` in a fixed window with one atomic upsert; `ttl` is what is left. */
export async function countHit(
  db: Db,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimitCounters.resetAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

/**
 * A store for @fastify/rate-limit that keeps the per-IP counters in the database, so several app
 * processes behind a load balancer share one budget (docs/sign-in.md "Limits"). Each route gets
 * its own counters, as with the in-memory store.
 */
export function databaseRateLimitStore(db: Db, clock: Clock): FastifyRateLimitStoreCtor {
  let hitsSincePrune = 0;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock.now();
      const pruning = ++hitsSincePrune >= 500;
      if (pruning) hitsSincePrune = 0;
      countHit(db, `${this.prefix}${key}`, timeWindow, now)
        .then(async (result) => {
          if (pruning) {
            await db
              .delete(rateLimitCounters)
              .where(lt(rateLimitCounters.resetAt, now))
              .catch(() => undefined);
          }
          callback(null, result);
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const info = (routeOptions as RouteInfo).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${info?.method ?? ""} ${info?.url ?? ""}:`);
    }
  }
  return DatabaseRateLimitStore;
}

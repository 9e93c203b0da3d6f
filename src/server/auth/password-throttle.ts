import { inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { signInThrottles } from "../db/schema";
import type { AuthSettings } from "./auth-settings";
import { clientIpKey } from "./client-ip-key";

/**
 * Growing delays for the password sign-in (docs/sign-in.md "Limits"), kept in the database so
 * every app process and restart shares them. There is no lock anyone could trigger: an attempt
 * inside the delay is simply not checked, and it answers exactly like a wrong password.
 */
export interface ThrottleRule {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  memoryMs: number;
}

export function throttleRules(settings: AuthSettings): { account: ThrottleRule; ip: ThrottleRule } {
  const shared = {
    baseDelayMs: settings.passwordBaseDelayMs,
    maxDelayMs: settings.passwordMaxDelayMs,
    memoryMs: settings.passwordFailureMemoryMs,
  };
  return {
    account: { ...shared, freeFailures: settings.passwordFreeFailures },
    ip: { ...shared, freeFailures: settings.passwordIpFreeFailures },
  };
}

/** The wait after the n-th failure in a row: none for the free ones, then doubling up to the cap. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.freeFailures) return 0;
  const exponent = Math.min(failures - rule.freeFailures - 1, 40);
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** exponent);
}

function delaySql(failures: SQL, rule: ThrottleRule): SQL {
  return sql`(case when ${failures} <= ${rule.freeFailures} then 0
    else least(${rule.maxDelayMs}::float8,
      ${rule.baseDelayMs}::float8 * power(2, least(${failures} - ${rule.freeFailures} - 1, 40)))
    end) * interval '1 millisecond'`;
}

/**
 * Claims one attempt for `key`, counting it as a failure up front (so parallel requests cannot
 * slip through one open slot); false while the key's delay runs. One atomic upsert.
 */
export async function claimAttempt(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const forgotten = sql`${signInThrottles.lastFailureAt} <= ${at} - ${rule.memoryMs} * interval '1 millisecond'`;
  const failures = sql`(case when ${forgotten} then 1 else ${signInThrottles.failures} + 1 end)`;
  const rows = await db
    .insert(signInThrottles)
    .values({
      key,
      failures: 1,
      lastFailureAt: now,
      nextAttemptAt: new Date(now.getTime() + delayAfter(1, rule)),
    })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures,
        lastFailureAt: now,
        nextAttemptAt: sql`${at} + ${delaySql(failures, rule)}`,
      },
      setWhere: sql`${signInThrottles.nextAttemptAt} <= ${at}`,
    })
    .returning({ failures: signInThrottles.failures });
  return rows.length > 0;
}

/** A successful sign-in forgets the failures of its account and address. */
export async function clearThrottles(db: Db, keys: string[]): Promise<void> {
  await db.delete(signInThrottles).where(inArray(signInThrottles.key, keys));
}

/** Drops entries whose failures are forgotten anyway (keys for made-up addresses pile up). */
export async function pruneThrottles(db: Db, now: Date, memoryMs: number): Promise<void> {
  await db
    .delete(signInThrottles)
    .where(lt(signInThrottles.lastFailureAt, new Date(now.getTime() - memoryMs)));
}

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${clientIpKey(ip)}`;

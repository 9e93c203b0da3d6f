import { eq } from "drizzle-orm";
import { CODE_TTL_MS } from "../../shared/sign-in-code";
import type { AppContext } from "../context";
import { settings } from "../db/schema";

/**
 * The product's sign-in numbers (docs/sign-in.md). Defaults live here; an operator (or a test) can
 * override any of them with a JSON object in the `settings` row `auth`.
 */
export const defaultAuthSettings = {
  codeTtlMs: CODE_TTL_MS,
  magicLinkTtlMs: 24 * 60 * 60 * 1000,
  maxCodeAttempts: 5,
  /** One code (and, separately, one link) per e-mail per this long, enforced from the database. */
  sendIntervalMs: 60 * 1000,
  /**
   * Codes and links together per address in any 24 hours, asked for by one requester (client IP
   * key): a stranger's requests use up their own allowance, never the owner's.
   */
  maxMailsPerRequesterPerDay: 10,
  /** Codes and links together per address in any 24 hours from everyone: no inbox is flooded. */
  maxMailsPerAddressPerDay: 30,
  /**
   * Sign-in mails per minute, across every process, to addresses that have never signed in: a
   * flood at made-up or colleagues' addresses is bounded, and people who signed in before are
   * counted apart, so such a flood never slows them.
   */
  newAddressMailsPerMinute: 30,
  /**
   * Long-term cap on code guessing, per address across all its codes: after this many wrong
   * codes within the window no new code is sent (the magic link still works). NIST SP 800-63B
   * allows at most 100 consecutive failures; 20 a day keeps a 6-digit code's odds at 1 in 50,000.
   */
  maxWrongCodes: 20,
  wrongCodeWindowMs: 24 * 60 * 60 * 1000,
  /**
   * Password sign-in: failures are slowed down, never locked. After `passwordFreeFailures` in a
   * row for one address (or `passwordIpFreeFailures` from one IP), each attempt must wait
   * `passwordBaseDelayMs` · 2^k after the last failure, at most `passwordMaxDelayMs`; failures
   * are forgotten `passwordFailureMemoryMs` after the last one, or at a successful sign-in.
   */
  passwordFreeFailures: 5,
  passwordIpFreeFailures: 10,
  passwordBaseDelayMs: 1000,
  passwordMaxDelayMs: 20 * 60 * 1000,
  passwordFailureMemoryMs: 24 * 60 * 60 * 1000,
};
export type AuthSettings = typeof defaultAuthSettings;

export const AUTH_SETTINGS_KEY = "auth";

/**
 * Per-IP request limits (@fastify/rate-limit), fixed at start: in memory with PGlite (one
 * process), in the database with PostgreSQL so every process shares them (rate-limit-store.ts).
 * A whole office shares one address behind its NAT, so the sign-in budgets are sized for an office
 * answering the company's invitation at once (200 people, each a code, maybe a second and a link,
 * and a try or two: docs/decisions/0095-sign-in-limits-sized-for-an-office.md); they only stop
 * floods, and the limits that protect a person are per address (`addressLimits`, send-throttle.ts,
 * guess-cap.ts). The password sign-in's real throttle is password-throttle.ts.
 */
export const ipLimits = {
  sendPerIp: { max: 600, timeWindow: "5 minutes" },
  verifyPerIp: { max: 600, timeWindow: "5 minutes" },
  adminSignInPerIp: { max: 100, timeWindow: "15 minutes" },
  setupPerIp: { max: 10, timeWindow: "15 minutes" },
} as const;

/**
 * Per-address request limits (address-limits.ts), shared across processes like `ipLimits`.
 * Requests for mail count per address and requester (client IP key): nobody can ask one inbox for
 * many mails, yet a stranger's requests never use up the owner's. Code checks count per address
 * alone: however many places guess, one address gets only a few tries.
 */
export const addressLimits = {
  sendPerAddressAndRequester: { max: 5, windowMs: 5 * 60_000 },
  /** As many as the day's guess cap (`maxWrongCodes`) allows, so never more in a burst. */
  verifyPerAddress: { max: 20, windowMs: 5 * 60_000 },
} as const;

/** Saves a signed-in person makes (profile, hours, meeting): counted per person, not per IP. */
export const personLimits = {
  savePerPerson: { max: 30, timeWindow: "5 minutes" },
} as const;

export async function getAuthSettings(ctx: AppContext): Promise<AuthSettings> {
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, AUTH_SETTINGS_KEY))
    .limit(1);
  const overrides =
    row?.value && typeof row.value === "object" ? (row.value as Record<string, unknown>) : {};
  const merged: AuthSettings = { ...defaultAuthSettings };
  for (const key of Object.keys(merged) as Array<keyof AuthSettings>) {
    const value = overrides[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) merged[key] = value;
  }
  return merged;
}

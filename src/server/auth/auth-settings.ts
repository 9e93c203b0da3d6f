import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { settings } from "../db/schema";

/**
 * The product's sign-in numbers (issue 3). Defaults live here; an operator (or a test) can
 * override any of them with a JSON object in the `settings` row `auth`.
 */
export const defaultAuthSettings = {
  codeTtlMs: 15 * 60 * 1000,
  magicLinkTtlMs: 24 * 60 * 60 * 1000,
  maxCodeAttempts: 5,
  /** One code (and, separately, one link) per e-mail per this long, enforced from the database. */
  sendIntervalMs: 60 * 1000,
  adminMaxFailures: 10,
  adminLockMs: 15 * 60 * 1000,
};
export type AuthSettings = typeof defaultAuthSettings;

export const AUTH_SETTINGS_KEY = "auth";

/**
 * Per-IP limits are held in memory by @fastify/rate-limit (per process), so they are fixed at
 * start; the per-e-mail and per-account rules above are enforced from the database.
 */
export const ipLimits = {
  sendPerIp: { max: 30, timeWindow: "5 minutes" },
  verifyPerIp: { max: 30, timeWindow: "5 minutes" },
  adminSignInPerIp: { max: 30, timeWindow: "15 minutes" },
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

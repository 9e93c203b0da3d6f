import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { TooManyRequests } from "../errors";

/** Six digits from the CSPRNG; leading zeros are kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Serialises sends for one e-mail across processes for the rest of the transaction. */
export async function lockEmail(tx: Tx, purpose: string, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${email}`}))`);
}

/**
 * Refuses a send when the previous one for this e-mail (from the database, so it holds across
 * processes) is younger than the interval. The answer says how long to wait.
 */
export function assertSendInterval(
  previous: Date | undefined,
  now: Date,
  intervalMs: number,
  what: "code" | "link",
): void {
  if (!previous) return;
  const elapsed = now.getTime() - previous.getTime();
  if (elapsed >= intervalMs) return;
  const waitMs = Math.min(intervalMs, intervalMs - elapsed);
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const requiresWait = Math.max(1, Math.ceil(waitMs / 60_000));
  const message =
    what === "code"
      ? `A code was sent to this address recently. Please wait ${retryAfterSeconds} seconds before requesting another code.`
      : "A magic link was sent to this address recently.";
  throw new TooManyRequests(message, retryAfterSeconds, {
    requiresWait,
    retryAfterSeconds,
    success: false,
  });
}

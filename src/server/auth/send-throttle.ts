import { randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { authCodes, magicLinkTokens } from "../db/schema";
import { TooManyRequests } from "../errors";

export type SignInSecret = "code" | "link";

const secretTables = { code: authCodes, link: magicLinkTokens } as const;
const lockPurposes = { code: "auth-code", link: "magic-link" } as const;

/** Six digits from the CSPRNG; leading zeros are kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The one guard of every sign-in mail, code or link (docs/sign-in.md): inside the sending
 * transaction it takes the address's lock, refuses a send younger than the interval, and retires
 * the address's unused secrets of that kind so that only the new one works.
 */
export async function guardSignInMail(
  tx: Tx,
  what: SignInSecret,
  email: string,
  now: Date,
  intervalMs: number,
): Promise<void> {
  const table = secretTables[what];
  await lockEmail(tx, lockPurposes[what], email);
  const [latest] = await tx
    .select({ createdAt: table.createdAt })
    .from(table)
    .where(eq(table.email, email))
    .orderBy(desc(table.createdAt))
    .limit(1);
  assertSendInterval(latest?.createdAt, now, intervalMs, what);
  await tx
    .update(table)
    .set({ isUsed: true })
    .where(and(eq(table.email, email), eq(table.isUsed, false)));
}

/** Serialises sends for one e-mail across processes for the rest of the transaction. */
async function lockEmail(tx: Tx, purpose: string, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${email}`}))`);
}

/**
 * Refuses a send when the previous one for this e-mail (from the database, so it holds across
 * processes) is younger than the interval. The answer says how long to wait.
 */
function assertSendInterval(
  previous: Date | undefined,
  now: Date,
  intervalMs: number,
  what: SignInSecret,
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

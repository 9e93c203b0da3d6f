import { randomBytes, randomInt } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { authCodes, magicLinkTokens } from "../db/schema";
import { TooManyRequests } from "../errors";
import type { AuthSettings } from "./auth-settings";

export type SignInSecret = "code" | "link";

const secretTables = { code: authCodes, link: magicLinkTokens } as const;

/** Six digits from the CSPRNG; leading zeros are kept. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The one guard of every sign-in mail, code or link (docs/sign-in.md "Limits"): inside the sending
 * transaction it takes the address's lock (one for codes and links alike), refuses a send younger
 * than the interval and one beyond the address's daily cap. It never retires the address's live
 * codes or links: a stranger's request must not cancel the owner's (each expires on its own, and
 * signing in with one ends the others).
 */
export async function guardSignInMail(
  tx: Tx,
  what: SignInSecret,
  email: string,
  now: Date,
  settings: Pick<AuthSettings, "sendIntervalMs" | "maxMailsPerAddressPerDay">,
): Promise<void> {
  const table = secretTables[what];
  await lockEmail(tx, email);
  const [latest] = await tx
    .select({ createdAt: table.createdAt })
    .from(table)
    .where(eq(table.email, email))
    .orderBy(desc(table.createdAt))
    .limit(1);
  assertSendInterval(latest?.createdAt, now, settings.sendIntervalMs, what);
  try {
    await assertUnderDailyCap(tx, email, now, settings.maxMailsPerAddressPerDay);
  } catch (error) {
    if (what === "link" && (await ownersWayIn(tx, email, now))) return;
    throw error;
  }
}

/** How often at most a link beyond the daily cap is sent: one an hour, and only with none live. */
const OWNER_LINK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The owner of an address always keeps a way in (docs/sign-in.md "Limits"): once the daily cap is
 * reached — by a stranger asking for mail to their address, say — a fresh magic link (256 random
 * bits, so a stranger gains nothing by it) is still sent when every code and link of the address
 * has expired or been used, and the last link is an hour old. It lives 24 hours, so while it waits
 * in the inbox nobody gets another.
 */
async function ownersWayIn(tx: Tx, email: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - OWNER_LINK_INTERVAL_MS).toISOString();
  const result = await tx.execute(sql`
    select
      exists (select 1 from auth_codes where email = ${email} and not is_used
        and expires_at > ${at}::timestamptz) or
      exists (select 1 from magic_link_tokens where email = ${email} and not is_used
        and expires_at > ${at}::timestamptz) or
      exists (select 1 from magic_link_tokens where email = ${email}
        and created_at > ${since}::timestamptz) as blocked`);
  const [row] = (result as unknown as { rows: Array<{ blocked: boolean }> }).rows;
  return row?.blocked === false;
}

/** Serialises sends for one e-mail across processes for the rest of the transaction. */
async function lockEmail(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-mail:${email}`}))`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At most `max` codes and links together per address in any 24 hours, counted from the database
 * (a mail the server refused is withdrawn and does not count). The answer says when the oldest
 * counted one leaves the window.
 */
async function assertUnderDailyCap(tx: Tx, email: string, now: Date, max: number): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const result = await tx.execute(sql`
    select count(*)::int as sent, min(created_at) as oldest from (
      select created_at from auth_codes where email = ${email} and created_at > ${since}::timestamptz
      union all
      select created_at from magic_link_tokens where email = ${email} and created_at > ${since}::timestamptz
    ) recent`);
  const [row] = (result as unknown as { rows: Array<{ sent: number; oldest: string | null }> })
    .rows;
  if (!row || Number(row.sent) < max || !row.oldest) return;
  const waitMs = new Date(row.oldest).getTime() + DAY_MS - now.getTime();
  throw waitError(
    `This address has been sent ${max} sign-in e-mails in the last 24 hours, the most it can get. Please try again in ${inWords(waitMs)}.`,
    waitMs,
    "daily_limit",
  );
}

/** A 429 that says when to try again, in the fields every sign-in answer carries. */
export function waitError(message: string, waitMs: number, code: string): TooManyRequests {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const requiresWait = Math.max(1, Math.ceil(waitMs / 60_000));
  return new TooManyRequests(message, retryAfterSeconds, {
    code,
    requiresWait,
    retryAfterSeconds,
    success: false,
  });
}

/** "45 seconds", "12 minutes", "3 hours": rounded up, for a person. */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
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

import { randomBytes, randomInt } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { authCodes, magicLinkTokens } from "../db/schema";
import { TooManyRequests } from "../errors";
import type { AuthSettings } from "./auth-settings";
import { clientIpKey } from "./client-ip-key";

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
 * than the interval and one beyond the daily caps — the requester's own for this address, and the
 * address's over all requesters — unless it is the owner's way in. It never retires the address's
 * live codes or links: a stranger's request must not cancel the owner's (each expires on its own,
 * and signing in with one ends the others).
 */
export async function guardSignInMail(
  tx: Tx,
  what: SignInSecret,
  email: string,
  request: { now: Date; ip: string },
  settings: Pick<
    AuthSettings,
    "sendIntervalMs" | "maxMailsPerAddressPerDay" | "maxMailsPerRequesterPerDay"
  >,
): Promise<void> {
  const { now } = request;
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
    await assertUnderDailyCaps(tx, email, request, settings);
  } catch (error) {
    if (await ownersWayIn(tx, what, email, now)) return;
    throw error;
  }
}

/** How often at most a mail beyond the daily caps is sent: one an hour, and only with none live. */
const OWNER_MAIL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The owner of an address always keeps a way in (docs/sign-in.md "Limits"): once a daily cap is
 * reached — by strangers asking for mail to their address from several places, say — a fresh code
 * or link is still sent when every code and link of the address has expired or been used, and the
 * last of that kind is an hour old. A link (256 random bits, so a stranger gains nothing by it)
 * lives 24 hours, so while it waits in the inbox nobody gets another; a code's guesses stay bound
 * by the address's guess cap (guess-cap.ts).
 */
async function ownersWayIn(tx: Tx, what: SignInSecret, email: string, now: Date) {
  const at = now.toISOString();
  const since = new Date(now.getTime() - OWNER_MAIL_INTERVAL_MS).toISOString();
  const recent =
    what === "link"
      ? sql`select 1 from magic_link_tokens where email = ${email} and created_at > ${since}::timestamptz`
      : sql`select 1 from auth_codes where email = ${email} and created_at > ${since}::timestamptz`;
  const result = await tx.execute(sql`
    select
      exists (select 1 from auth_codes where email = ${email} and not is_used
        and expires_at > ${at}::timestamptz) or
      exists (select 1 from magic_link_tokens where email = ${email} and not is_used
        and expires_at > ${at}::timestamptz) or
      exists (${recent}) as blocked`);
  const [row] = (result as unknown as { rows: Array<{ blocked: boolean }> }).rows;
  return row?.blocked === false;
}

/** Serialises sends for one e-mail across processes for the rest of the transaction. */
async function lockEmail(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-mail:${email}`}))`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The address's codes and links of the last 24 hours, counted from the database (a mail the server
 * refused is withdrawn and does not count): at most `maxMailsPerRequesterPerDay` asked for by this
 * requester (its client IP key, client-ip-key.ts), so a stranger uses up only their own allowance,
 * and at most `maxMailsPerAddressPerDay` from everyone, so nobody's inbox is flooded. The answer
 * says when the oldest counted one leaves the window.
 */
async function assertUnderDailyCaps(
  tx: Tx,
  email: string,
  request: { now: Date; ip: string },
  settings: Pick<AuthSettings, "maxMailsPerAddressPerDay" | "maxMailsPerRequesterPerDay">,
): Promise<void> {
  const { now } = request;
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const result = await tx.execute(sql`
    select ip_address as ip, min(created_at) as oldest, count(*)::int as sent from (
      select ip_address, created_at from auth_codes
        where email = ${email} and created_at > ${since}::timestamptz
      union all
      select ip_address, created_at from magic_link_tokens
        where email = ${email} and created_at > ${since}::timestamptz
    ) recent group by ip_address`);
  const rows = (
    result as unknown as { rows: Array<{ ip: string | null; oldest: string; sent: number }> }
  ).rows;
  const requester = clientIpKey(request.ip);
  const mine = rows.filter((row) => row.ip !== null && clientIpKey(row.ip) === requester);
  const refuse = (counted: typeof rows, max: number, message: string) => {
    const sent = counted.reduce((sum, row) => sum + Number(row.sent), 0);
    if (sent < max || counted.length === 0) return;
    const oldest = Math.min(...counted.map((row) => new Date(row.oldest).getTime()));
    const waitMs = oldest + DAY_MS - now.getTime();
    throw waitError(`${message} Please try again in ${inWords(waitMs)}.`, waitMs, "daily_limit");
  };
  refuse(
    mine,
    settings.maxMailsPerRequesterPerDay,
    `You have asked for ${settings.maxMailsPerRequesterPerDay} sign-in e-mails to this address in the last 24 hours, the most one place can ask for.`,
  );
  refuse(
    rows,
    settings.maxMailsPerAddressPerDay,
    `This address has been sent ${settings.maxMailsPerAddressPerDay} sign-in e-mails in the last 24 hours, the most it can get.`,
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

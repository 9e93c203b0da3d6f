import { and, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { authCodes } from "../db/schema";
import { TooManyRequests } from "../errors";
import type { AuthSettings } from "./auth-settings";

export const GUESS_CAP_MESSAGE =
  "Too many incorrect codes were entered for this address. For your security no new code can be sent for now: please sign in with a magic link instead.";

/**
 * Wrong guesses counted for a code: every attempt, except the one that signed in. Used in SQL over
 * `auth_codes` rows, so the cap holds across processes and restarts (docs/sign-in.md "Limits").
 */
const wrongGuesses = sql<number>`coalesce(sum(${authCodes.attempts} - (case when ${authCodes.usedAt} is not null then 1 else 0 end)), 0)::int`;

/** Wrong guesses for this address in the window ending now, and when the oldest counted code leaves it. */
export async function wrongGuessesInWindow(
  db: Db | Tx,
  email: string,
  now: Date,
  windowMs: number,
): Promise<{ wrong: number; oldest: Date | null }> {
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ wrong: wrongGuesses, oldest: sql<string | null>`min(${authCodes.createdAt})` })
    .from(authCodes)
    .where(
      and(eq(authCodes.email, email), gt(authCodes.createdAt, since), gt(authCodes.attempts, 0)),
    );
  return { wrong: row?.wrong ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

export function guessCapError(oldest: Date | null, now: Date, windowMs: number) {
  const waitMs = oldest ? oldest.getTime() + windowMs - now.getTime() : windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TooManyRequests(GUESS_CAP_MESSAGE, retryAfterSeconds, {
    code: "code_limit",
    success: false,
    retryAfterSeconds,
  });
}

/** Refuses a new code once the address has used up its wrong guesses for the window. */
export async function assertUnderGuessCap(
  db: Db | Tx,
  email: string,
  now: Date,
  settings: AuthSettings,
): Promise<void> {
  const { wrong, oldest } = await wrongGuessesInWindow(db, email, now, settings.wrongCodeWindowMs);
  if (wrong >= settings.maxWrongCodes) throw guessCapError(oldest, now, settings.wrongCodeWindowMs);
}

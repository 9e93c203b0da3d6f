import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { authCodes, type UserRow } from "../db/schema";
import { BadRequest } from "../errors";
import { requireAllowedEmail } from "./allowed-email";
import { hashesEqual, keyedHash } from "./auth-secret";
import { type AuthSettings, getAuthSettings } from "./auth-settings";
import { guessCapError, underGuessCapSql, wrongGuessesInWindow } from "./guess-cap";
import { signInAccount } from "./sign-in-account";

const TOO_MANY = "Too many incorrect attempts. Please request a new code.";
const EXPIRED = "This code has expired. Please request a new code.";
const NO_CODE = "This code is invalid or has already been used. Please request a new code.";

/**
 * Checks a code against the latest one sent to the e-mail. Every try is counted atomically
 * before comparing, so parallel guesses cannot exceed the attempt limit of the code nor the
 * address's long-term cap (guess-cap.ts); the code is consumed by a conditional update, so only
 * one of several correct tries signs in.
 */
export async function verifyCode(
  ctx: AppContext,
  rawEmail: string,
  code: string,
): Promise<UserRow> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();

  const latest = ctx.db
    .select({ id: authCodes.id })
    .from(authCodes)
    .where(eq(authCodes.email, email))
    .orderBy(desc(authCodes.id))
    .limit(1);
  const [attempt] = await ctx.db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(
      and(
        inArray(authCodes.id, latest),
        eq(authCodes.isUsed, false),
        gt(authCodes.expiresAt, now),
        lt(authCodes.attempts, settings.maxCodeAttempts),
        underGuessCapSql(email, now, settings),
      ),
    )
    .returning({ id: authCodes.id, codeHash: authCodes.codeHash, attempts: authCodes.attempts });
  if (!attempt) throw await explainRefusal(ctx, email, now, settings);

  const expected = await keyedHash(ctx, "code", email, code);
  if (!hashesEqual(attempt.codeHash, expected)) {
    const left = settings.maxCodeAttempts - attempt.attempts;
    if (left <= 0) throw new BadRequest(TOO_MANY, "too_many_attempts");
    throw new BadRequest(
      `Invalid code. You have ${left} attempt${left === 1 ? "" : "s"} left.`,
      "invalid_code",
      { attemptsRemaining: left },
    );
  }

  return ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(authCodes)
      .set({ isUsed: true, usedAt: now })
      .where(and(eq(authCodes.id, attempt.id), eq(authCodes.isUsed, false)))
      .returning({ id: authCodes.id });
    if (!consumed) throw new BadRequest(NO_CODE, "invalid_code");
    return signInAccount(tx, email, "code", now);
  });
}

async function explainRefusal(ctx: AppContext, email: string, now: Date, settings: AuthSettings) {
  const maxAttempts = settings.maxCodeAttempts;
  const { wrong, oldest } = await wrongGuessesInWindow(
    ctx.db,
    email,
    now,
    settings.wrongCodeWindowMs,
  );
  if (wrong >= settings.maxWrongCodes)
    return guessCapError(oldest, now, settings.wrongCodeWindowMs);
  const [row] = await ctx.db
    .select({
      isUsed: authCodes.isUsed,
      expiresAt: authCodes.expiresAt,
      attempts: authCodes.attempts,
    })
    .from(authCodes)
    .where(eq(authCodes.email, email))
    .orderBy(desc(authCodes.id))
    .limit(1);
  if (!row || row.isUsed) return new BadRequest(NO_CODE, "invalid_code");
  if (row.attempts >= maxAttempts) return new BadRequest(TOO_MANY, "too_many_attempts");
  if (row.expiresAt.getTime() <= now.getTime()) return new BadRequest(EXPIRED, "code_expired");
  return new BadRequest(NO_CODE, "invalid_code");
}

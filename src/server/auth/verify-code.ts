import { and, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { authCodes, type UserRow } from "../db/schema";
import { BadRequest } from "../errors";
import { requireAllowedEmail } from "./allowed-email";
import { hashesEqual, keyedHash } from "./auth-secret";
import { type AuthSettings, getAuthSettings } from "./auth-settings";
import { guessCapError, wrongGuessesInWindow } from "./guess-cap";
import { endLiveSecrets, signInAccount } from "./sign-in-account";

const TOO_MANY = "Too many incorrect attempts. Please request a new code.";
const EXPIRED = "This code has expired. Please request a new code.";
const NO_CODE = "This code is invalid or has already been used. Please request a new code.";

/**
 * Checks a code against every live code sent to the e-mail (a newer request never cancels an
 * older code: docs/sign-in.md). Under the address's lock each try counts once for every live code
 * it is compared with, so the address's long-term cap (guess-cap.ts) bounds the comparisons, not
 * the requests; the counts are committed before comparing. A right code is consumed by a
 * conditional update, so only one of several correct tries signs in, and it ends the others.
 */
export async function verifyCode(
  ctx: AppContext,
  rawEmail: string,
  code: string,
): Promise<UserRow> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();

  const tried = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-code:${email}`}))`);
    const { wrong, oldest } = await wrongGuessesInWindow(
      tx,
      email,
      now,
      settings.wrongCodeWindowMs,
    );
    if (wrong >= settings.maxWrongCodes)
      throw guessCapError(oldest, now, settings.wrongCodeWindowMs);
    const live = tx
      .select({ id: authCodes.id })
      .from(authCodes)
      .where(
        and(
          eq(authCodes.email, email),
          eq(authCodes.isUsed, false),
          gt(authCodes.expiresAt, now),
          lt(authCodes.attempts, settings.maxCodeAttempts),
        ),
      )
      .orderBy(desc(authCodes.id))
      .limit(settings.maxWrongCodes - wrong);
    return tx
      .update(authCodes)
      .set({ attempts: sql`${authCodes.attempts} + 1` })
      .where(inArray(authCodes.id, live))
      .returning({ id: authCodes.id, codeHash: authCodes.codeHash, attempts: authCodes.attempts });
  });
  if (tried.length === 0) throw await explainRefusal(ctx, email, now, settings);

  const expected = await keyedHash(ctx, "code", email, code);
  const right = tried.filter((row) => hashesEqual(row.codeHash, expected));
  if (right.length === 0) throw wrongCode(tried, settings.maxCodeAttempts);
  return consumeCode(ctx, email, right[0].id, tried, now);
}

/** The newest tried code's tries left, as the person knows only of their latest code. */
function wrongCode(tried: Array<{ id: number; attempts: number }>, maxAttempts: number) {
  const newest = tried.reduce((a, b) => (b.id > a.id ? b : a));
  const left = maxAttempts - newest.attempts;
  if (left <= 0) return new BadRequest(TOO_MANY, "too_many_attempts");
  return new BadRequest(
    `Invalid code. You have ${left} attempt${left === 1 ? "" : "s"} left.`,
    "invalid_code",
    { attemptsRemaining: left },
  );
}

/**
 * Signs in with the right code: it is consumed, the address's other live codes and links end
 * (their count for this try is given back: it was no wrong guess), and the account is found or made.
 */
async function consumeCode(
  ctx: AppContext,
  email: string,
  id: number,
  tried: Array<{ id: number }>,
  now: Date,
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(authCodes)
      .set({ isUsed: true, usedAt: now })
      .where(and(eq(authCodes.id, id), eq(authCodes.isUsed, false)))
      .returning({ id: authCodes.id });
    if (!consumed) throw new BadRequest(NO_CODE, "invalid_code");
    const others = tried.map((row) => row.id).filter((other) => other !== id);
    if (others.length > 0) {
      await tx
        .update(authCodes)
        .set({ attempts: sql`greatest(${authCodes.attempts} - 1, 0)` })
        .where(inArray(authCodes.id, others));
    }
    await endLiveSecrets(tx, email);
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

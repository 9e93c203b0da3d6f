import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { type UserRow, users } from "../db/schema";
import { normalizeEmail } from "../directory/email-address";
import { HttpError } from "../errors";
import { getAuthSettings } from "./auth-settings";
import { hashPassword, verifyPassword } from "./password";
import { findUserByEmail } from "./sign-in-account";

export const INVALID_CREDENTIALS = "Invalid email or password.";

class InvalidCredentials extends HttpError {
  constructor(message = INVALID_CREDENTIALS, code = "invalid_credentials") {
    super(401, message, code);
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Password sign-in for admins. Unknown e-mail, non-admin and wrong password give the same
 * answer (and take the same time); each failure counts towards a temporary lock.
 */
export async function adminSignIn(
  ctx: AppContext,
  rawEmail: string,
  password: string,
): Promise<UserRow> {
  const settings = await getAuthSettings(ctx);
  const now = ctx.clock.now();
  const email = normalizeEmail(rawEmail);
  const user = email ? await findUserByEmail(ctx.db, email) : null;
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password-for-timing");
    await verifyPassword(password, await dummyHash);
    throw new InvalidCredentials();
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime())
    throw lockedError(user.lockedUntil, now);

  const ok = await verifyPassword(password, user.passwordHash);
  if (!ok || !user.isAdmin || !user.isActive) {
    const lockUntil = new Date(now.getTime() + settings.adminLockMs);
    const [after] = await ctx.db
      .update(users)
      .set({
        failedSignInCount: sql`case when ${users.failedSignInCount} + 1 >= ${settings.adminMaxFailures} then 0 else ${users.failedSignInCount} + 1 end`,
        lockedUntil: sql`case when ${users.failedSignInCount} + 1 >= ${settings.adminMaxFailures} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, user.id))
      .returning({ lockedUntil: users.lockedUntil });
    if (after?.lockedUntil && after.lockedUntil.getTime() > now.getTime())
      throw lockedError(after.lockedUntil, now);
    throw new InvalidCredentials();
  }

  const [signedIn] = await ctx.db
    .update(users)
    .set({ failedSignInCount: 0, lockedUntil: null })
    .where(and(eq(users.id, user.id)))
    .returning();
  return signedIn;
}

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new HttpError(
    429,
    `Too many failed sign-in attempts. This account is locked; please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    "account_locked",
    { retryAfterSeconds: Math.ceil((until.getTime() - now.getTime()) / 1000) },
  );
}

import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { HttpError } from "../errors";
import { getAuthSettings } from "./auth-settings";
import { normalizeEmail } from "./email-address";
import { hashPassword, verifyPassword } from "./password";
import {
  accountKey,
  claimAttempt,
  clearThrottles,
  ipKey,
  pruneThrottles,
  throttleRules,
} from "./password-throttle";
import { findUserByEmail } from "./sign-in-account";

export const INVALID_CREDENTIALS = "Invalid email or password.";

class InvalidCredentials extends HttpError {
  constructor() {
    super(401, INVALID_CREDENTIALS, "invalid_credentials");
  }
}

let dummyHash: Promise<string> | undefined;
let claimsSincePrune = 0;

/**
 * Password sign-in for admins. Unknown e-mail, non-admin, wrong password and an attempt inside
 * a throttle delay give the same answer and take the same time: every attempt runs one password
 * hash and (but for one upsert when its IP is throttled) the same statements, whatever the outcome.
 */
export async function adminSignIn(
  ctx: AppContext,
  rawEmail: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  const settings = await getAuthSettings(ctx);
  const rules = throttleRules(settings);
  const now = ctx.clock.now();
  const email = normalizeEmail(rawEmail) ?? rawEmail.trim().toLowerCase();
  const keys = [accountKey(email), ipKey(ip)];

  // A throttled IP does not count against the account, so one source cannot hold it back.
  const ipAllowed = await claimAttempt(ctx.db, keys[1], rules.ip, now);
  const accountAllowed = ipAllowed && (await claimAttempt(ctx.db, keys[0], rules.account, now));
  const user = await findUserByEmail(ctx.db, email);
  dummyHash ??= hashPassword("not-a-real-password-for-timing");
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));

  if (++claimsSincePrune >= 100) {
    claimsSincePrune = 0;
    await pruneThrottles(ctx.db, now, settings.passwordFailureMemoryMs);
  }
  const admitted = ipAllowed && accountAllowed && matches && user?.isAdmin && user.isActive;
  if (!user || !admitted) throw new InvalidCredentials();
  await clearThrottles(ctx.db, keys);
  return user;
}

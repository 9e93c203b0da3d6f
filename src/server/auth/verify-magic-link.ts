import { and, eq, gt } from "drizzle-orm";
import type { AppContext } from "../context";
import { magicLinkTokens, type UserRow } from "../db/schema";
import { BadRequest, Forbidden } from "../errors";
import { NOT_AUTHORIZED_MESSAGE } from "./allowed-email";
import { keyedHash } from "./auth-secret";
import { endLiveSecrets, signInAccount } from "./sign-in-account";
import { isEmailAllowed } from "./whitelist-lookup";

export const INVALID_LINK_MESSAGE =
  "This magic link is invalid or has expired. Please request a new one.";

/** A link token that can still sign in: this hash, not used, not expired at `now`. */
export const liveLinkWhere = (tokenHash: string, now: Date) =>
  and(
    eq(magicLinkTokens.tokenHash, tokenHash),
    eq(magicLinkTokens.isUsed, false),
    gt(magicLinkTokens.expiresAt, now),
  );

/**
 * Consumes a link token with one conditional update, so of two parallel verifies only one wins;
 * signing in ends the address's other live links and codes.
 */
export async function verifyMagicLink(ctx: AppContext, token: string): Promise<UserRow> {
  const now = ctx.clock.now();
  const tokenHash = await keyedHash(ctx, "magic-link", token);
  const [consumed] = await ctx.db
    .update(magicLinkTokens)
    .set({ isUsed: true, usedAt: now })
    .where(liveLinkWhere(tokenHash, now))
    .returning({ email: magicLinkTokens.email });
  if (!consumed) throw new BadRequest(INVALID_LINK_MESSAGE, "invalid_link");
  if (!(await isEmailAllowed(ctx.db, consumed.email))) {
    throw new Forbidden(NOT_AUTHORIZED_MESSAGE, "invalid_email");
  }
  return ctx.db.transaction(async (tx) => {
    await endLiveSecrets(tx, consumed.email);
    return signInAccount(tx, consumed.email, "magic_link", now);
  });
}

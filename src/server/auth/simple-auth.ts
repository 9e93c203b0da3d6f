import type { AppContext } from "../context";
import { type UserRow, users } from "../db/schema";
import { Conflict, Forbidden } from "../errors";
import { requireAllowedEmail } from "./allowed-email";
import { type RequestMeta, sendCode } from "./send-code";
import {
  ACCOUNT_INACTIVE_MESSAGE,
  adoptImportedManager,
  findUserByEmail,
  importedDetails,
} from "./sign-in-account";

export const ACCOUNT_EXISTS_MESSAGE =
  "This account is already set up. Please sign in with a code or a magic link instead.";

/**
 * Demo-only quick access (docs/decisions/0015-simple-test-access.md): no proof of the address, so it only
 * ever yields an UNVALIDATED account. A validated account is refused, so nobody can take one over.
 */
export async function simpleAccess(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<UserRow> {
  const user = await findOrCreateUnvalidated(ctx, rawEmail);
  // The profile's "Check Your Email" screen says a code was sent: send it now (a code sent in
  // the last minute is still valid, so a refusal by the per-e-mail limit is fine to ignore).
  await sendCode(ctx, user.email, meta).catch(() => undefined);
  return user;
}

async function findOrCreateUnvalidated(ctx: AppContext, rawEmail: string): Promise<UserRow> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (!existing.isActive) throw new Forbidden(ACCOUNT_INACTIVE_MESSAGE, "account_inactive");
    if (existing.isValidated || existing.isAdmin)
      throw new Conflict(ACCOUNT_EXISTS_MESSAGE, "account_exists");
    return existing;
  }
  await ctx.db
    .insert(users)
    .values({
      email,
      ...(await importedDetails(ctx.db, email)),
      isEmailVerified: false,
      isValidated: false,
      needsProfileSetup: true,
      authMethod: "simple",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const created = await findUserByEmail(ctx.db, email);
  if (!created) throw new Error("The account could not be created.");
  if (created.isValidated) throw new Conflict(ACCOUNT_EXISTS_MESSAGE, "account_exists");
  await adoptImportedManager(ctx.db, created.id, email);
  return created;
}

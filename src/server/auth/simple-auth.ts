import { SAMPLE_DOMAIN } from "../../shared/sample-domain";
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

const ACCOUNT_EXISTS_MESSAGE =
  "This account is already set up. Please sign in with a code or a magic link instead.";
const ADMIN_ACCOUNT_MESSAGE =
  "This is an admin's account. Admins sign in with their password under Admin Access.";

/**
 * A person of the sample company DEMO=1 seeds (src/shared/sample-company.ts): an address at its
 * reserved `.example` domain, where no mail is ever received, so nobody owns or can prove it.
 */
const isSamplePerson = (user: Pick<UserRow, "email" | "isAdmin">) =>
  !user.isAdmin && user.email.endsWith(`@${SAMPLE_DOMAIN}`);

/**
 * Demo-only quick access (docs/decisions/0015-simple-test-access.md): no proof of the address, so
 * it yields an UNVALIDATED account, or one of the sample company's people as they are (set up, so
 * the demo can be seen as any of them). Any other validated account, and an admin's, is refused,
 * so nobody can take one over.
 */
export async function simpleAccess(
  ctx: AppContext,
  rawEmail: string,
  meta: RequestMeta,
): Promise<UserRow> {
  const user = await findOrCreateOpenable(ctx, rawEmail);
  // The profile's "Check Your Email" screen says a code was sent: send it now (a code sent in
  // the last minute is still valid, so a refusal by the per-e-mail limit is fine to ignore).
  if (!user.isValidated) await sendCode(ctx, user.email, meta).catch(() => undefined);
  return user;
}

/** Refuses an account simple access must not open, with what the person can do instead. */
function refuseProven(user: UserRow) {
  if (user.isAdmin) throw new Conflict(ADMIN_ACCOUNT_MESSAGE, "admin_account");
  if (user.isValidated && !isSamplePerson(user))
    throw new Conflict(ACCOUNT_EXISTS_MESSAGE, "account_exists");
}

async function findOrCreateOpenable(ctx: AppContext, rawEmail: string): Promise<UserRow> {
  const email = await requireAllowedEmail(ctx.db, rawEmail);
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (!existing.isActive) throw new Forbidden(ACCOUNT_INACTIVE_MESSAGE, "account_inactive");
    refuseProven(existing);
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
  refuseProven(created);
  await adoptImportedManager(ctx.db, created.id, email);
  return created;
}

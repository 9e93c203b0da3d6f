import { and, eq, sql } from "drizzle-orm";
import type { MeetWay } from "../../shared/enums";
import type { Db, Tx } from "../db/client";
import {
  allowedEmails,
  authCodes,
  magicLinkTokens,
  sessions,
  type UserRow,
  users,
} from "../db/schema";
import { Forbidden } from "../errors";
import { byAddress, resolveManagerRefs, setManagerByRef } from "../people-rows/manager-refs";

export const ACCOUNT_INACTIVE_MESSAGE =
  "This account has been deactivated. Please contact your administrator.";

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return user ?? null;
}

/**
 * The account for a proven e-mail (a correct code or link, or the provider's verified claim):
 * created on first sign-in with a verified, validated address, `needsProfileSetup`, and the
 * provider's `names`, else those an import kept on the whitelist entry (with its department); an
 * existing account becomes validated. A deactivated account is refused.
 */
export async function signInAccount(
  db: Db | Tx,
  email: string,
  method: "code" | "magic_link" | "oidc",
  now: Date,
  names: { firstName: string | null; lastName: string | null } = {
    firstName: null,
    lastName: null,
  },
): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.isActive) throw new Forbidden(ACCOUNT_INACTIVE_MESSAGE, "account_inactive");
    if (existing.isEmailVerified && existing.isValidated) return existing;
    // Sessions made before the address was proven (simple access) must not outlive the proof.
    await db.delete(sessions).where(eq(sessions.userId, existing.id));
    const [updated] = await db
      .update(users)
      .set({
        isEmailVerified: true,
        isValidated: true,
        validatedAt: existing.validatedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id))
      .returning();
    return updated;
  }
  const kept = await importedDetails(db, email);
  await db
    .insert(users)
    .values({
      email,
      firstName: names.firstName ?? kept.firstName,
      lastName: names.lastName ?? kept.lastName,
      department: kept.department,
      office: kept.office,
      meetWay: kept.meetWay,
      // Unconfirmed: the first sign-in asks "Is your time zone …?" with it (docs/profile.md).
      timeZone: kept.timeZone,
      isEmailVerified: true,
      isValidated: true,
      validatedAt: now,
      needsProfileSetup: true,
      authMethod: method,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const created = await findUserByEmail(db, email);
  if (!created) throw new Error("The account could not be created.");
  await adoptImportedManager(db, created.id, email);
  // From now on the profile holds them: the whitelist entry keeps no copy (docs/privacy.md).
  await db
    .update(allowedEmails)
    .set({
      firstName: null,
      lastName: null,
      department: null,
      managerEmail: null,
      office: null,
      meetWay: null,
      timeZone: null,
    })
    .where(eq(allowedEmails.email, email));
  return (await findUserByEmail(db, email)) ?? created;
}

/**
 * A new account's manager from its import (waiting when the manager has no account yet), and the
 * new account as the manager of everyone waiting for it (people-rows/manager-refs.ts).
 */
export async function adoptImportedManager(db: Db | Tx, userId: string, email: string) {
  const [entry] = await db
    .select({ managerEmail: allowedEmails.managerEmail })
    .from(allowedEmails)
    .where(and(eq(allowedEmails.email, email), eq(allowedEmails.isActive, true)))
    .limit(1);
  if (entry?.managerEmail) await setManagerByRef(db, userId, entry.managerEmail, byAddress);
  await resolveManagerRefs(db, userId);
}

/**
 * The name, department, office, way to meet and time zone an import kept on the address's own
 * whitelist entry (not a `*@domain` one), to pre-fill the profile of someone signing in for the
 * first time.
 */
export async function importedDetails(
  db: Db | Tx,
  email: string,
): Promise<{
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  office: string | null;
  meetWay: MeetWay | null;
  timeZone: string | null;
}> {
  const [entry] = await db
    .select({
      firstName: allowedEmails.firstName,
      lastName: allowedEmails.lastName,
      department: allowedEmails.department,
      office: allowedEmails.office,
      meetWay: allowedEmails.meetWay,
      timeZone: allowedEmails.timeZone,
    })
    .from(allowedEmails)
    .where(and(eq(allowedEmails.email, email), eq(allowedEmails.isActive, true)))
    .limit(1);
  return (
    entry ?? {
      firstName: null,
      lastName: null,
      department: null,
      office: null,
      meetWay: null,
      timeZone: null,
    }
  );
}

/** Signing in with one code or link ends the address's other live ones (docs/sign-in.md). */
export async function endLiveSecrets(db: Db | Tx, email: string): Promise<void> {
  await db
    .update(authCodes)
    .set({ isUsed: true })
    .where(and(eq(authCodes.email, email), eq(authCodes.isUsed, false)));
  await db
    .update(magicLinkTokens)
    .set({ isUsed: true })
    .where(and(eq(magicLinkTokens.email, email), eq(magicLinkTokens.isUsed, false)));
}

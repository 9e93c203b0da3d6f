import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "./password";
import { accountKey, clearThrottles } from "./password-throttle";

/**
 * Creates the admin, or makes an existing account an admin with this password. A new password
 * ends every session of that account (someone may have known the old one); the same password
 * again (ADMIN_PASSWORD at every start) changes nothing and keeps the admin signed in.
 */
export async function ensureAdmin(
  db: Db,
  rawEmail: string,
  password: string,
  retried = false,
): Promise<{ id: string; created: boolean; passwordChanged: boolean }> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const email = rawEmail.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, isAdmin: users.isAdmin, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing?.isAdmin && (await verifyPassword(password, existing.passwordHash))) {
    return { id: existing.id, created: false, passwordChanged: false };
  }
  const passwordHash = await hashPassword(password);
  if (existing) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isAdmin: true, passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    });
    await clearThrottles(db, [accountKey(email)]);
    return { id: existing.id, created: false, passwordChanged: true };
  }
  const [created] = await db
    .insert(users)
    .values({
      email,
      isAdmin: true,
      passwordHash,
      authMethod: "password",
      isEmailVerified: true,
      isValidated: true,
      validatedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another writer (`npm run admin`, a process started together) created that account meanwhile:
  // it exists now, so this call takes the path above.
  if (!created && !retried) return ensureAdmin(db, rawEmail, password, true);
  if (!created) throw new Error(`The admin ${email} could not be created; try again.`);
  return { id: created.id, created: true, passwordChanged: true };
}

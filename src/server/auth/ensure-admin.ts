import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";

/** Creates the admin, or makes an existing account an admin with this password. */
export async function ensureAdmin(db: Db, rawEmail: string, password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const email = rawEmail.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        isAdmin: true,
        passwordHash,
        failedSignInCount: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    return { id: existing.id, created: false };
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
    .returning({ id: users.id });
  return { id: created.id, created: true };
}

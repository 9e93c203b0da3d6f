import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings, users } from "../../db/schema";
import { hashSecret } from "../session-store";

export const SETUP_TOKEN_KEY = "setup_token";
/** How long a printed setup address works (docs/sign-in.md, "First admin"). */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredSetupToken {
  hash: string;
  expiresAt: string;
}

/** Whether any admin account exists (then there is nothing to set up). */
export async function hasAdmin(db: Pick<Db, "select">): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  return Boolean(admin);
}

/**
 * A new one-time setup token when the install has no admin yet, or null. Only its hash is
 * stored, and each start replaces the previous one, so an address printed before no longer works.
 */
export async function issueSetupToken(db: Db, now: Date): Promise<string | null> {
  if (await hasAdmin(db)) {
    await db.delete(settings).where(eq(settings.key, SETUP_TOKEN_KEY));
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  const value: StoredSetupToken = {
    hash: hashSecret(token),
    expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString(),
  };
  await db
    .insert(settings)
    .values({ key: SETUP_TOKEN_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
  return token;
}

/** The line printed at start: where to open the setup page. */
export function setupLine(appUrl: string, token: string): string {
  return `No admin yet: open ${appUrl}/setup?token=${token} within 24 hours to create the first admin (or run: npm run admin -- create EMAIL)`;
}

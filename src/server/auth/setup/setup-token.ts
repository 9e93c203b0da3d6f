import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settings, users } from "../../db/schema";
import { hashSecret } from "../session-store";

export const SETUP_TOKEN_KEY = "setup_token";
/** How long a printed setup address works (docs/sign-in.md, "First admin"). */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Starts this close to the newest one keep their addresses: processes started together each print
 * one, and whichever the operator opens must work. An address from an earlier start stops working.
 */
export const STARTED_TOGETHER_MS = 5 * 60 * 1000;
/** The most addresses kept at once (processes started together). */
const MAX_LIVE_TOKENS = 64;

export interface StoredSetupToken {
  hash: string;
  expiresAt: string;
  issuedAt?: string;
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

/** The setup row's tokens: a list, or the single token an older version stored. */
export function storedSetupTokens(value: unknown): StoredSetupToken[] {
  const raw = (value as { tokens?: unknown } | null)?.tokens ?? (value ? [value] : []);
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (entry): entry is StoredSetupToken =>
      typeof entry?.hash === "string" && typeof entry.expiresAt === "string",
  );
}

/**
 * A new one-time setup token when the install has no admin yet, or null. Only its hash is
 * stored; the tokens of starts more than STARTED_TOGETHER_MS earlier are dropped, so an address
 * printed by an earlier start no longer works. Called under the start lock (db/start-lock.ts), so
 * processes starting together add their tokens one after the other.
 */
export async function issueSetupToken(db: Db, now: Date): Promise<string | null> {
  if (await hasAdmin(db)) {
    await db.delete(settings).where(eq(settings.key, SETUP_TOKEN_KEY));
    return null;
  }
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETUP_TOKEN_KEY));
  const earliest = now.getTime() - STARTED_TOGETHER_MS;
  const kept = storedSetupTokens(row?.value).filter(
    (entry) => entry.issuedAt !== undefined && new Date(entry.issuedAt).getTime() >= earliest,
  );
  const token = randomBytes(32).toString("base64url");
  const issued: StoredSetupToken = {
    hash: hashSecret(token),
    expiresAt: new Date(now.getTime() + SETUP_TOKEN_TTL_MS).toISOString(),
    issuedAt: now.toISOString(),
  };
  const value = { tokens: [...kept, issued].slice(-MAX_LIVE_TOKENS) };
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

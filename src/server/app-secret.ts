import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import { settings } from "./db/schema";

const SECRET_KEY = "auth_secret";
const cache = new WeakMap<Db, string>();

/**
 * The key for hashing codes and link tokens: AUTH_SECRET, else one random secret stored once in
 * the settings table so every app process on the same database shares it.
 */
export async function getAuthSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.AUTH_SECRET) return ctx.config.AUTH_SECRET;
  const cached = cache.get(ctx.db);
  if (cached) return cached;
  await ctx.db
    .insert(settings)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SECRET_KEY));
  const secret = String(row.value);
  cache.set(ctx.db, secret);
  return secret;
}

import { count, eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { settings, users } from "../db/schema";

const SCIM_ACTIVITY_KEY = "scim_activity";

/** Notes the time of the provider's latest change, for the admin's Operations tab. */
export async function recordScimChange(ctx: AppContext): Promise<void> {
  const value = { lastChangeAt: ctx.clock.now().toISOString() };
  await ctx.db
    .insert(settings)
    .values({ key: SCIM_ACTIVITY_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The latest change and how many people SCIM manages. */
export async function scimActivity(
  db: Db,
): Promise<{ lastChangeAt: string | null; managed: number }> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SCIM_ACTIVITY_KEY));
  const [managed] = await db.select({ n: count() }).from(users).where(eq(users.scimManaged, true));
  const value = row?.value as { lastChangeAt?: unknown } | undefined;
  return {
    lastChangeAt: typeof value?.lastChangeAt === "string" ? value.lastChangeAt : null,
    managed: managed?.n ?? 0,
  };
}

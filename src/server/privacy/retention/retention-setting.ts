import { eq } from "drizzle-orm";
import type { Retention } from "../../../shared/privacy";
import type { Db } from "../../db/client";
import { settings } from "../../db/schema";

const KEY = "retention";

/** Months of history the company keeps (docs/privacy.md "Retention"); null keeps it for ever. */
export async function getRetention(db: Db): Promise<Retention> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const months = (row?.value as { months?: unknown } | undefined)?.months;
  return { months: typeof months === "number" && months >= 1 ? Math.floor(months) : null };
}

export async function setRetention(db: Db, value: Retention, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

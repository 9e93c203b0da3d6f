import { eq, sql } from "drizzle-orm";
import {
  type ConnectionSettings,
  connectionSettingsSchema,
  DEFAULT_MIN_CELL,
} from "../../shared/connections";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

const KEY = "connections";

/**
 * The admin's privacy threshold for the Connections figures (docs/privacy.md, "Figures about few
 * people"): DEFAULT_MIN_CELL until an admin chooses another, never below MIN_CELL_FLOOR.
 */
export async function getConnectionSettings(db: Pick<Db, "select">): Promise<ConnectionSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const parsed = connectionSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : { minCell: DEFAULT_MIN_CELL };
}

export async function saveConnectionSettings(
  db: Pick<Db, "insert">,
  value: ConnectionSettings,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

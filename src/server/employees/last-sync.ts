import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

const KEY = "lastEmployeeSync";

export async function recordEmployeeSync(db: Pick<Db, "insert">, at: Date): Promise<void> {
  const value = { at: at.toISOString() };
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function lastEmployeeSync(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const at = (row?.value as { at?: unknown } | undefined)?.at;
  return typeof at === "string" ? at : null;
}

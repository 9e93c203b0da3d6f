import { and, eq } from "drizzle-orm";
import { isIanaTimeZone } from "../../shared/working-hours";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema";

/**
 * A zone from the company's directory (single sign-on's `zoneinfo` claim, SCIM's `timezone`;
 * docs/profile.md): taken while the person has not confirmed a zone of their own, never over
 * one they chose. A value that is not an IANA zone name is ignored.
 */
export async function adoptDirectoryTimeZone(
  db: Db | Tx,
  userId: string,
  zone: string | null | undefined,
): Promise<void> {
  if (!zone || !isIanaTimeZone(zone)) return;
  await db
    .update(users)
    .set({ timeZone: zone })
    .where(and(eq(users.id, userId), eq(users.timeZoneConfirmed, false)));
}

/** SCIM's `remove` of `timezone`: a zone the directory gave is dropped, one the person chose stays. */
export async function dropDirectoryTimeZone(db: Db | Tx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ timeZone: null })
    .where(and(eq(users.id, userId), eq(users.timeZoneConfirmed, false)));
}

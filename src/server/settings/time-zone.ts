import { eq, sql } from "drizzle-orm";
import { longDateTime } from "../../shared/date-text";
import { isTimeZone } from "../../shared/rounds";
import { isIanaTimeZone } from "../../shared/working-hours";
import { withZone } from "../../shared/zone-names";
import type { Db, Tx } from "../db/client";
import { settings, users } from "../db/schema";

export const TIME_ZONE_KEY = "company.timeZone";

/** The company's time zone (an IANA name; docs/rounds.md), UTC until an admin sets one. */
export async function getTimeZone(db: Db | Tx): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, TIME_ZONE_KEY));
  return typeof row?.value === "string" && isTimeZone(row.value) ? row.value : "UTC";
}

/**
 * The zone a person reads times in (docs/scheduling.md): their own, else the company's. Looked up
 * by id or by e-mail address (an outbox recipient); the company's for nobody known.
 */
export async function readerTimeZone(
  db: Db | Tx,
  who: { userId: string } | { email: string },
): Promise<string> {
  const [row] = await db
    .select({ timeZone: users.timeZone })
    .from(users)
    .where(
      "userId" in who ? eq(users.id, who.userId) : sql`lower(${users.email}) = lower(${who.email})`,
    );
  return row?.timeZone && isIanaTimeZone(row.timeZone) ? row.timeZone : getTimeZone(db);
}

/**
 * "Monday, November 30 at 10:00 Eastern Time (America/New York)": an instant as a reader in
 * `timeZone` reads it, in the long form (`longDateTime`) with the zone named (docs/scheduling.md,
 * "How times and zones are written").
 */
export function inReaderZone(at: Date, timeZone: string, withYear = false): string {
  return withZone(longDateTime(at, timeZone, { year: withYear }), timeZone);
}

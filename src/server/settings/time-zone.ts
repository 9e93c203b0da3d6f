import { eq } from "drizzle-orm";
import { isTimeZone } from "../../shared/rounds";
import type { Db, Tx } from "../db/client";
import { settings } from "../db/schema";

export const TIME_ZONE_KEY = "company.timeZone";

/** The company's time zone (an IANA name; docs/rounds.md), UTC until an admin sets one. */
export async function getTimeZone(db: Db | Tx): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, TIME_ZONE_KEY));
  return typeof row?.value === "string" && isTimeZone(row.value) ? row.value : "UTC";
}

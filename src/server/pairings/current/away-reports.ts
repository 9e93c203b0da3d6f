import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { activities } from "../../db/schema";

/** The activity kind of "my partner is away" (docs/matches.md): `userId` is the away partner. */
export const PARTNER_AWAY_KIND = "match.partner-away";

/** What a report's activity entry keeps in `data`. */
export interface AwayReportData {
  reportedBy: string;
}

/**
 * The "my partner is away" reports of one pairing, read from the activity list where they are
 * recorded: who was said to be away (they are given to nobody this month) and who said so (once
 * each per pairing).
 */
export async function awayReports(db: Db | Tx, pairingId: number) {
  const rows = await db
    .select({ userId: activities.userId, data: activities.data })
    .from(activities)
    .where(and(eq(activities.kind, PARTNER_AWAY_KIND), eq(activities.pairingId, pairingId)));
  const away = new Set<string>();
  const reporters = new Set<string>();
  for (const row of rows) {
    if (row.userId) away.add(row.userId);
    const by = (row.data as Partial<AwayReportData> | null)?.reportedBy;
    if (typeof by === "string") reporters.add(by);
  }
  return { away, reporters };
}

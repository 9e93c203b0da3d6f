import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { activities } from "../../db/schema";

/** The activity kind of "my partner is away" (docs/matches.md): `userId` is the away partner. */
export const PARTNER_AWAY_KIND = "match.partner-away";
/** The activity kind of "I'm not away" (rounds/not-away.ts): `userId` is available again. */
export const NOT_AWAY_KIND = "match.not-away";

/** What a report's activity entry keeps in `data`. */
export interface AwayReportData {
  reportedBy: string;
}

/**
 * The "my partner is away" reports of one pairing, read from the activity list where they are
 * recorded: who is away now (given to nobody this month, unless they said "I'm not away" since),
 * who was ever reported away (an admin may still re-pair them), and who reported (once each per
 * pairing).
 */
export async function awayReports(db: Db | Tx, pairingId: number) {
  const rows = await db
    .select({ kind: activities.kind, userId: activities.userId, data: activities.data })
    .from(activities)
    .where(
      and(
        inArray(activities.kind, [PARTNER_AWAY_KIND, NOT_AWAY_KIND]),
        eq(activities.pairingId, pairingId),
      ),
    )
    .orderBy(asc(activities.id));
  const away = new Set<string>();
  const everAway = new Set<string>();
  const reporters = new Set<string>();
  for (const row of rows) {
    if (row.kind === NOT_AWAY_KIND) {
      if (row.userId) away.delete(row.userId);
      continue;
    }
    if (row.userId) {
      away.add(row.userId);
      everAway.add(row.userId);
    }
    const by = (row.data as Partial<AwayReportData> | null)?.reportedBy;
    if (typeof by === "string") reporters.add(by);
  }
  return { away, everAway, reporters };
}

/**
 * `userId` is away now in the pairing, as `awayReports` reads it, in SQL: their latest away report
 * there is "my partner is away", not "I'm not away".
 */
export function awayNowSql(userId: SQLWrapper, pairingId: number): SQL {
  return sql`coalesce((select ${activities.kind} from ${activities}
    where ${activities.userId} = ${userId} and ${activities.pairingId} = ${pairingId}
      and ${inArray(activities.kind, [PARTNER_AWAY_KIND, NOT_AWAY_KIND])}
    order by ${activities.id} desc limit 1), '') = ${PARTNER_AWAY_KIND}`;
}

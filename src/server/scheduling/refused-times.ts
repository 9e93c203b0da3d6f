import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { matchRefusedTimes } from "../db/schema";

/**
 * The starts members of each match said do not fit ("None of these fit"), oldest first, by match
 * id; a match with none is missing.
 */
export async function refusedTimesOf(
  db: Db,
  matchIds: readonly number[],
): Promise<Map<number, Date[]>> {
  const refused = new Map<number, Date[]>();
  if (matchIds.length === 0) return refused;
  const rows = await db
    .select({ matchId: matchRefusedTimes.matchId, startsAt: matchRefusedTimes.startsAt })
    .from(matchRefusedTimes)
    .where(inArray(matchRefusedTimes.matchId, [...new Set(matchIds)]))
    .orderBy(matchRefusedTimes.startsAt);
  for (const row of rows)
    refused.set(row.matchId, [...(refused.get(row.matchId) ?? []), row.startsAt]);
  return refused;
}

/** Keeps `starts` as refused for the match; a start refused before stays as it was. */
export async function keepRefusedTimes(
  db: Db,
  matchId: number,
  starts: readonly Date[],
  now: Date,
): Promise<void> {
  if (starts.length === 0) return;
  await db
    .insert(matchRefusedTimes)
    .values(starts.map((startsAt) => ({ matchId, startsAt, refusedAt: now })))
    .onConflictDoNothing();
}

import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { matchRefusedTimes } from "../db/schema";

/** The starts members of a match said do not fit ("None of these fit"), oldest first. */
export async function refusedTimes(db: Db, matchId: number): Promise<Date[]> {
  const rows = await db
    .select({ startsAt: matchRefusedTimes.startsAt })
    .from(matchRefusedTimes)
    .where(eq(matchRefusedTimes.matchId, matchId))
    .orderBy(matchRefusedTimes.startsAt);
  return rows.map((row) => row.startsAt);
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

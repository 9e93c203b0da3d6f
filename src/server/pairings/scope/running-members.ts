import { and, eq, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { matches, matchMembers, pairings } from "../../db/schema";

/**
 * Everyone in a match of a running pairing — of one month when given, else of any — whatever its
 * scope: a person is in at most one running match per month (docs/rounds.md, "Invariants of a
 * round"), so nobody here is paired or placed again.
 */
export async function peopleInRunningMatches(db: Db | Tx, month?: string): Promise<Set<string>> {
  const conditions: (SQL | undefined)[] = [
    eq(pairings.status, "active"),
    eq(matches.status, "active"),
    month ? eq(matches.month, month) : undefined,
  ];
  const rows = await db
    .select({ userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(and(...conditions));
  return new Set(rows.map((row) => row.userId));
}

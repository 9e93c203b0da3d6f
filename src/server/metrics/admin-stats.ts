import { eq, sql } from "drizzle-orm";
import type { AdminStats } from "../../shared/metrics";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";

/** Matches open in a running pairing, and matches marked as met (all time): one aggregate. */
export async function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  const [row] = await ctx.db
    .select({
      activeMatches: sql<number>`(count(*) filter (where ${matches.status} = 'active' and ${pairings.status} = 'active'))::int`,
      completedChats: sql<number>`(count(*) filter (where ${matches.status} = 'completed'))::int`,
    })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId));
  return { activeMatches: row.activeMatches, completedChats: row.completedChats };
}

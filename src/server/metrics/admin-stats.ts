import { eq, sql } from "drizzle-orm";
import type { AdminStats } from "../../shared/metrics";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";
import { chatHappenedSql, chatsHappenedCount } from "../matches/chat-happened-sql";

/**
 * Matches of a running pairing whose chat has not happened yet, and chats that happened (all
 * time, src/shared/chat-happened.ts): one aggregate. A match is in at most one of the two.
 */
export async function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  const [row] = await ctx.db
    .select({
      activeMatches: sql<number>`(count(*) filter (where ${matches.status} = 'active' and ${pairings.status} = 'active' and not ${chatHappenedSql}))::int`,
      completedChats: chatsHappenedCount,
    })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId));
  return { activeMatches: row.activeMatches, completedChats: row.completedChats };
}

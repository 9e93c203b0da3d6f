import { eq, sql } from "drizzle-orm";
import type { AdminStats } from "../../shared/metrics";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { pairings } from "../db/schema";
import { keptMatchFigures } from "./kept-match-figures";
import { matchesWithHappened } from "./matches-with-answers";

/**
 * Matches of a running pairing whose chat has not happened yet, and chats that happened (all
 * time, src/shared/chat-happened.ts): one aggregate over every match with its members' answers.
 * A match is in at most one of the two.
 */
export function getAdminStats(ctx: AppContext): Promise<AdminStats> {
  return keptMatchFigures(ctx.db, "all-time stats", (tx) => countStats(tx));
}

async function countStats(tx: Tx): Promise<AdminStats> {
  const perMatch = matchesWithHappened(tx);
  const [row] = await tx
    .select({
      activeMatches: sql<number>`(count(*) filter (where ${perMatch.status} = 'active' and ${pairings.status} = 'active' and not ${perMatch.happened}))::int`,
      completedChats: sql<number>`(count(*) filter (where ${perMatch.happened}))::int`,
    })
    .from(perMatch)
    .innerJoin(pairings, eq(pairings.id, perMatch.pairingId));
  return { activeMatches: row.activeMatches, completedChats: row.completedChats };
}

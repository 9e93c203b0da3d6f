import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { matches, matchMembers, pairings } from "../db/schema";
import { chatHappenedOfMembersSql } from "./matches-with-answers";

/**
 * The one definition of each figure, in SQL, for every page and endpoint that counts (docs/
 * admin-console.md, "The figures"; the same rules in JavaScript: src/shared/figure-definitions.ts).
 * `figures-agree.test.ts` compares every page and endpoint that shows a figure on the same data.
 */

/**
 * One row per selected match with its month, its pairing's status and whether its chat happened
 * (src/shared/chat-happened.ts), as a sub-query named `per_match` to count from.
 */
export function matchesForFigures(db: Db | Tx, where?: SQL) {
  return db
    .select({
      month: matches.month,
      pairingStatus: sql<string>`${pairings.status}`.as("pairing_status"),
      happened: chatHappenedOfMembersSql.as("happened"),
    })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .where(where)
    .groupBy(matches.id, pairings.id)
    .as("per_match");
}

type PerMatch = ReturnType<typeof matchesForFigures>;

/** The match counts over `per_match`: each an integer column, by the definitions above. */
export function matchFigureColumns(perMatch: PerMatch) {
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  return {
    totalMatches: sql<number>`count(*)::int`,
    /** A match of a running (active) pairing, whatever its members answered. */
    activeMatches: count(sql`${perMatch.pairingStatus} = 'active'`),
    /** A match of a completed pairing whose chat happened. */
    completedChats: count(sql`${perMatch.pairingStatus} = 'completed' and ${perMatch.happened}`),
    /** A match whose chat happened, its pairing running or completed. */
    chatsHappened: count(sql`${perMatch.happened}`),
  };
}

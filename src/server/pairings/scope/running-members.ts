import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { isMemberSql } from "../../match-members/match-members";

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

/** SQL over `users`: the person is in a running match of the month (the set above, per person). */
export function runningMemberSql(month: string): SQL {
  return sql`exists (select 1 from ${matchMembers} mm join ${matches} m on m.id = mm.match_id
    join ${pairings} p on p.id = m.pairing_id
    where mm.user_id = ${users.id} and m.month = ${month} and m.status = 'active' and p.status = 'active')`;
}

/**
 * A person's running matches (in a running pairing, not ended), each with its pairing, the latest
 * month first: the match they leave when they stop taking part, the one whose partner they may
 * report away.
 */
export async function runningMatchesOf(db: Db | Tx, userId: string) {
  return db
    .select({ match: matches, pairing: pairings })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(
        eq(pairings.status, "active"),
        eq(matches.status, "active"),
        isMemberSql(matches.id, userId),
      ),
    )
    .orderBy(desc(matches.month), asc(matches.id));
}

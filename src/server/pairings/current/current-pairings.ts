import { asc, desc, eq, inArray } from "drizzle-orm";
import type { CurrentPairingsResponse, PreviewMatch } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { matches, matchMembers, pairings, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import type { MatchWithMembers } from "../../match-members/match-members";
import { awayReasons } from "../members/member-availability";
import type { MemberInfo } from "../members/pairing-members";
import { presentPairing, presentPreviewMatch } from "../members/present";
import { dayOf } from "../members/scope";

/**
 * Every active pairing with its matches, keyed by pairing id; members who can no longer meet say
 * why, and a member left without a partner is named for a re-pair. The matches come with their
 * members' names in one statement (a row per member, joined on the primary keys), not a second
 * query with every member's id as a parameter: 10,000 people are 5,000 matches
 * (docs/performance.md).
 */
export async function getCurrentPairings(ctx: AppContext): Promise<CurrentPairingsResponse> {
  const active = await ctx.db
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(desc(pairings.month), desc(pairings.createdAt), desc(pairings.id));
  const matchesByPairing: Record<string, PreviewMatch[]> = {};
  if (active.length === 0) return { pairings: [], matchesByPairing };
  const rows = await ctx.db
    .select({
      match: matches,
      member: {
        userId: matchMembers.userId,
        connectionStatus: matchMembers.connectionStatus,
        confirmedAt: matchMembers.confirmedAt,
      },
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        department: departmentNameSql(users.email, users.department),
      },
    })
    .from(matches)
    .innerJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .where(
      inArray(
        matches.pairingId,
        active.map((p) => p.id),
      ),
    )
    .orderBy(asc(matches.id), asc(matchMembers.position));
  const away = await awayReasons(
    ctx.db,
    active.map((p) => p.id),
    dayOf(ctx.clock.now()),
  );
  const byMatch = new Map<number, MatchWithMembers>();
  const people = new Map<string, MemberInfo>();
  for (const row of rows) {
    const match = byMatch.get(row.match.id) ?? { ...row.match, members: [] };
    match.members.push(row.member);
    byMatch.set(row.match.id, match);
    people.set(row.user.id, row.user);
  }
  for (const pairing of active) matchesByPairing[String(pairing.id)] = [];
  for (const match of byMatch.values()) {
    matchesByPairing[String(match.pairingId)].push(presentPreviewMatch(match, people, away));
  }
  return { pairings: active.map(presentPairing), matchesByPairing };
}

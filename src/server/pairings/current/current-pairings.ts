import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentPairingsResponse, PreviewMatch } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { matches, pairings, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { awayReasons } from "../members/member-availability";
import type { MemberInfo } from "../members/pairing-members";
import { presentPairing, presentPreviewMatch } from "../members/present";
import { dayOf } from "../members/scope";

const member1 = alias(users, "member1");
const member2 = alias(users, "member2");
const member3 = alias(users, "member3");
const nameAndEmail = (u: typeof member1 | typeof member2 | typeof member3) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  department: departmentNameSql(u.email, u.department),
});

/**
 * Every active pairing with its matches, keyed by pairing id; members who can no longer meet say
 * why, and a member left without a partner is named for a re-pair. The matches come with their
 * members' names in one statement (joins on the primary key), not a second query with every
 * member's id as a parameter: 10,000 people are 5,000 matches (docs/performance.md).
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
      member1: nameAndEmail(member1),
      member2: nameAndEmail(member2),
      member3: nameAndEmail(member3),
    })
    .from(matches)
    .leftJoin(member1, eq(member1.id, matches.user1Id))
    .leftJoin(member2, eq(member2.id, matches.user2Id))
    .leftJoin(member3, eq(member3.id, matches.user3Id))
    .where(
      inArray(
        matches.pairingId,
        active.map((p) => p.id),
      ),
    )
    .orderBy(asc(matches.id));
  const away = await awayReasons(
    ctx.db,
    active.map((p) => p.id),
    dayOf(ctx.clock.now()),
  );
  for (const pairing of active) matchesByPairing[String(pairing.id)] = [];
  for (const row of rows) {
    const members = new Map<string, MemberInfo>();
    for (const m of [row.member1, row.member2, row.member3]) {
      if (!m?.id || m.email === null) continue;
      members.set(m.id, { ...m, id: m.id, email: m.email });
    }
    matchesByPairing[String(row.match.pairingId)].push(
      presentPreviewMatch(row.match, members, away),
    );
  }
  return { pairings: active.map(presentPairing), matchesByPairing };
}

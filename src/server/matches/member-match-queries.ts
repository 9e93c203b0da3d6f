import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { MatchPartner } from "../../shared/matches";
import type { Db } from "../db/client";
import { type MatchRow, matches, pairings } from "../db/schema";

/*
 * The employee's match reads, each one prepared statement built once per database (see
 * docs/performance.md): the match rows with every other member's public profile and department
 * display name aggregated in the same statement, so a read is one round trip.
 */

const userId = sql.placeholder("userId");
const isMember = or(
  eq(matches.user1Id, userId),
  eq(matches.user2Id, userId),
  eq(matches.user3Id, userId),
);

/**
 * The other members in match order (user1, user2, user3), as JSON; a department's display name
 * is its row's (the oldest when several groups share the name), else the stored name.
 */
const partners = sql<MatchPartner[] | null>`(
  select json_agg(json_build_object(
    'id', u.id,
    'profileImageUrl', u.profile_image_url,
    'firstName', u.first_name,
    'lastName', u.last_name,
    'department', u.department,
    'email', u.email,
    'bio', u.bio,
    'departmentDisplayName', coalesce(
      (select d.display_name from departments d where d.name = u.department order by d.id limit 1),
      u.department)
  ) order by array_position(array[${matches.user1Id}, ${matches.user2Id}, ${matches.user3Id}]::uuid[], u.id))
  from users u
  where u.id in (${matches.user1Id}, ${matches.user2Id}, ${matches.user3Id}) and u.id <> ${userId}::uuid
)`;

const isCurrentSql = sql<boolean>`(${matches.status} = 'active' and ${pairings.status} = 'active')`;

function memberMatchesQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ match: matches, isCurrent: isCurrentSql, partners })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(where)
    .orderBy(desc(matches.matchDate), desc(matches.id))
    .$dynamic();
}

/** The statements before preparation (placeholder `userId`), for EXPLAIN in tests. */
export function memberMatchQueries(db: Db) {
  return {
    /** Every match of the user's, newest first. */
    all: memberMatchesQuery(db, isMember),
    /** The newest match still active inside a pairing still active. */
    current: memberMatchesQuery(
      db,
      and(isMember, eq(matches.status, "active"), eq(pairings.status, "active")),
    ).limit(1),
  };
}

function build(db: Db) {
  const queries = memberMatchQueries(db);
  return {
    all: queries.all.prepare("member_matches"),
    current: queries.current.prepare("member_current_match"),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof build>>();

function statements(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = build(db);
    prepared.set(db, found);
  }
  return found;
}

export interface MemberMatch {
  match: MatchRow;
  isCurrent: boolean;
  partners: MatchPartner[];
}

const withPartners = (row: { match: MatchRow; isCurrent: boolean; partners: unknown }) => ({
  match: row.match,
  isCurrent: row.isCurrent,
  partners: (row.partners ?? []) as MatchPartner[],
});

export async function memberMatches(db: Db, user: string): Promise<MemberMatch[]> {
  const rows = await statements(db).all.execute({ userId: user });
  return rows.map(withPartners);
}

export async function currentMemberMatch(db: Db, user: string): Promise<MemberMatch | null> {
  const [row] = await statements(db).current.execute({ userId: user });
  return row ? withPartners(row) : null;
}

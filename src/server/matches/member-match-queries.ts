import { and, type Column, desc, eq, or, type Placeholder, sql } from "drizzle-orm";
import type { MatchPartner } from "../../shared/matches";
import {
  liveSessionCondition,
  type SessionLookupRow,
  sessionSelection,
} from "../auth/session-store";
import type { Db } from "../db/client";
import { type MatchRow, matches, pairings, sessions, users } from "../db/schema";

/*
 * The employee's match reads, each one prepared statement built once per database (see
 * docs/performance.md): the match rows with every other member's public profile and department
 * display name aggregated in the same statement, so a read is one round trip. The current match
 * is read together with the session lookup, so the home screen's request is one round trip too.
 */

type UserRef = Placeholder | Column;

const isMemberOf = (user: UserRef) =>
  or(eq(matches.user1Id, user), eq(matches.user2Id, user), eq(matches.user3Id, user));

/**
 * The other members in match order (user1, user2, user3), as JSON; a department's display name
 * is its row's (the oldest when several groups share the name), else the stored name.
 */
const partnersOf = (user: UserRef) => sql<MatchPartner[] | null>`(
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
  where u.id in (${matches.user1Id}, ${matches.user2Id}, ${matches.user3Id}) and u.id <> ${user}::uuid
)`;

const isCurrentSql = sql<boolean>`(${matches.status} = 'active' and ${pairings.status} = 'active')`;
const inActivePairing = sql`exists (select 1 from pairings p
  where p.id = ${matches.pairingId} and p.status = 'active')`;

/** The statements before preparation (placeholders as in sessionLookupValues and `userId`). */
export function memberMatchQueries(db: Db) {
  const userId = sql.placeholder("userId");
  return {
    /** Every match of the user's, newest first. */
    all: db
      .select({ match: matches, isCurrent: isCurrentSql, partners: partnersOf(userId) })
      .from(matches)
      .innerJoin(pairings, eq(pairings.id, matches.pairingId))
      .where(isMemberOf(userId))
      .orderBy(desc(matches.matchDate), desc(matches.id)),
    /**
     * The session lookup and, when there is one, the session user's newest match still active
     * inside a pairing still active.
     */
    sessionWithCurrent: db
      .select({
        ...sessionSelection,
        user: { id: users.id, isAdmin: users.isAdmin },
        match: matches,
        partners: partnersOf(users.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(matches, and(isMemberOf(users.id), eq(matches.status, "active"), inActivePairing))
      .where(liveSessionCondition)
      .orderBy(desc(matches.matchDate), desc(matches.id))
      .limit(1),
  };
}

function build(db: Db) {
  const queries = memberMatchQueries(db);
  return {
    all: queries.all.prepare("member_matches"),
    sessionWithCurrent: queries.sessionWithCurrent.prepare("session_current_match"),
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

export async function memberMatches(db: Db, user: string): Promise<MemberMatch[]> {
  const rows = await statements(db).all.execute({ userId: user });
  return rows.map((row) => ({
    match: row.match,
    isCurrent: row.isCurrent,
    partners: (row.partners ?? []) as MatchPartner[],
  }));
}

export interface SessionWithCurrentMatch {
  session: SessionLookupRow<{ id: string; isAdmin: boolean }>;
  current: { match: MatchRow; partners: MatchPartner[] } | null;
}

/** The session for `values` (sessionLookupValues) with its user's current match, or null. */
export async function sessionWithCurrentMatch(
  db: Db,
  values: Record<string, unknown>,
): Promise<SessionWithCurrentMatch | null> {
  const [row] = await statements(db).sessionWithCurrent.execute(values);
  if (!row) return null;
  const { match, partners, ...session } = row;
  return { session, current: match ? { match, partners: partners ?? [] } : null };
}

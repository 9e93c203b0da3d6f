import { and, type Column, desc, eq, or, sql } from "drizzle-orm";
import type { MatchPartner } from "../../shared/matches";
import {
  liveSessionCondition,
  sessionLookupValues,
  sessionSelection,
  settleSession,
} from "../auth/session-store";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { type MatchRow, matches, sessions, users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";

/*
 * The employee's match reads, each one prepared statement built once per database (see
 * docs/performance.md): the session lookup, the match rows and every other member's public
 * profile and department display name aggregated in the same statement, so a request is one
 * round trip (the routes skip the per-request session lookup: `sessionInRoute`).
 */

const isMemberOf = (user: Column) =>
  or(eq(matches.user1Id, user), eq(matches.user2Id, user), eq(matches.user3Id, user));

/**
 * The other members in match order (user1, user2, user3), as JSON, each with the name of their
 * department (department-name.ts).
 */
const partnersOf = (user: Column) => sql<MatchPartner[] | null>`(
  select json_agg(json_build_object(
    'id', u.id,
    'profileImageUrl', u.profile_image_url,
    'firstName', u.first_name,
    'lastName', u.last_name,
    'department', u.department,
    'email', u.email,
    'bio', u.bio,
    'departmentDisplayName', ${departmentNameSql(sql`u.email`, sql`u.department`)}
  ) order by array_position(array[${matches.user1Id}, ${matches.user2Id}, ${matches.user3Id}]::uuid[], u.id))
  from users u
  where u.id in (${matches.user1Id}, ${matches.user2Id}, ${matches.user3Id}) and u.id <> ${user}::uuid
)`;

const pairingOpenSql = sql<boolean>`exists (select 1 from pairings p
  where p.id = ${matches.pairingId} and p.status = 'active')`;

const isCurrentSql = sql<boolean>`(${matches.status} = 'active' and ${pairingOpenSql})`;

/** The session lookup's columns with only what settleSession needs of the user. */
const sessionColumns = { ...sessionSelection, user: { id: users.id, isAdmin: users.isAdmin } };

/**
 * The statements before preparation (placeholders as in sessionLookupValues). Each reads the
 * session lookup and the session user's matches in one statement; a live session without matches
 * gives one row whose match is null, an unknown or expired one no row.
 */
export function memberMatchQueries(db: Db) {
  const sessionWithMatches = () =>
    db
      .select({
        ...sessionColumns,
        match: matches,
        isCurrent: isCurrentSql,
        pairingOpen: pairingOpenSql,
        partners: partnersOf(users.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .$dynamic();
  return {
    /** Every match of the user's, newest first, each marked whether it is the current one. */
    sessionWithHistory: sessionWithMatches()
      .leftJoin(matches, isMemberOf(users.id))
      .where(liveSessionCondition)
      .orderBy(desc(matches.matchDate), desc(matches.id)),
    /** The newest match still active inside a pairing still active. */
    sessionWithCurrent: sessionWithMatches()
      .leftJoin(matches, and(isMemberOf(users.id), isCurrentSql))
      .where(liveSessionCondition)
      .orderBy(desc(matches.matchDate), desc(matches.id))
      .limit(1),
  };
}

function build(db: Db) {
  const queries = memberMatchQueries(db);
  return {
    sessionWithHistory: queries.sessionWithHistory.prepare("session_match_history"),
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
  pairingOpen: boolean;
  partners: MatchPartner[];
}

/**
 * The user of the session `token` names with their matches (the current one only, or all),
 * or null (signed out) under the rules of every session lookup (settleSession).
 */
export async function sessionMatches(
  ctx: AppContext,
  token: string,
  which: "history" | "current",
): Promise<{ userId: string; matches: MemberMatch[] } | null> {
  const { sessionWithHistory, sessionWithCurrent } = statements(ctx.db);
  const statement = which === "history" ? sessionWithHistory : sessionWithCurrent;
  const rows = await statement.execute(sessionLookupValues(ctx, token));
  if (rows.length === 0) return null;
  const {
    match: _match,
    isCurrent: _isCurrent,
    pairingOpen: _pairingOpen,
    partners: _partners,
    ...found
  } = rows[0];
  const session = await settleSession(ctx, found);
  if (!session) return null;
  const matches = rows.flatMap(({ match, isCurrent, pairingOpen, partners }) =>
    match
      ? [
          {
            match,
            isCurrent: isCurrent === true,
            pairingOpen: pairingOpen === true,
            partners: partners ?? [],
          },
        ]
      : [],
  );
  return { userId: session.user.id, matches };
}

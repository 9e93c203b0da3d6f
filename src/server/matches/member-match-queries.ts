import { and, desc, eq, getTableColumns, type SQLWrapper, sql } from "drizzle-orm";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import type { TogetherMember } from "../../shared/match-together";
import type { MatchPartner } from "../../shared/matches";
import type { sessionLookupValues } from "../auth/session-store";
import { liveSessionCondition, sessionSelection, settleSession } from "../auth/session-store";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import {
  type MatchRow,
  matchCalendarEvents,
  matches,
  matchMembers,
  memberViewVersions,
  sessions,
  users,
  viewVersion,
} from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import type { MatchWithMembers } from "../match-members/match-members";

/*
 * The employee's match reads, each one prepared statement built once per database (see
 * docs/performance.md): the session lookup, the match rows and every other member's public
 * profile and department display name aggregated in the same statement, so a request is one
 * round trip (the routes skip the per-request session lookup: `sessionInRoute`).
 */

/**
 * Every member of the match in the match's order, as JSON: their answer and public profile with
 * the name of their department (department-name.ts), and what the intro reads of them
 * (match-together.ts). The caller's own entry gives their answer; the others are the partners.
 */
const membersJson = (matchId: SQLWrapper) => sql<MemberJson[] | null>`(
  select json_agg(json_build_object(
    'userId', u.id,
    'answer', mm.answer,
    'answeredAt', mm.answered_at,
    'profileImageUrl', u.profile_image_url,
    'firstName', u.first_name,
    'lastName', u.last_name,
    'department', u.department,
    'email', u.email,
    'bio', u.bio,
    'meet', u.meet_way,
    'office', u.office,
    'interests', u.interests,
    'departmentDisplayName', ${departmentNameSql(sql`u.email`, sql`u.department`)}
  ) order by mm.position)
  from ${matchMembers} mm join ${users} u on u.id = mm.user_id
  where mm.match_id = ${matchId}
)`;

interface MemberJson extends Omit<MatchPartner, "id">, TogetherMember {
  userId: string;
  answer: CheckInAnswer | null;
  answeredAt: string | null;
}

/**
 * The start of the match's live calendar event (its booked time, the same for every member), as
 * ISO 8601 text, or null. A change to it marks every member's kept view stale (migration 0103).
 */
const bookedStartSql = (matchId: SQLWrapper) => sql<string | null>`(
  select to_json(e.starts_at) #>> '{}' from ${matchCalendarEvents} e
  where e.match_id = ${matchId} and e.cancelled_at is null
)`;

const pairingOpenSql = sql<boolean>`exists (select 1 from pairings p
  where p.id = ${matches.pairingId} and p.status = 'active')`;

const isCurrentSql = sql<boolean>`(${matches.status} = 'active' and ${pairingOpenSql})`;

/** The versions of what the session's person sees (member-view-cache.ts); 0 before any change. */
const memberVersionSql = sql<number>`coalesce(${memberViewVersions.version}, 0)`.mapWith(Number);

/** The session lookup's columns with only what settleSession needs of the user, and the versions. */
export const sessionColumns = {
  ...sessionSelection,
  user: { id: users.id, isAdmin: users.isAdmin },
  memberVersion: memberVersionSql,
  everyoneVersion: viewVersion.version,
};

/**
 * The statements before preparation (placeholders as in sessionLookupValues). Each reads the
 * session lookup and the session user's matches in one statement, reaching the matches through
 * the person's member rows (index match_members_user_idx); a live session without matches gives
 * one row whose match is null, an unknown or expired one no row.
 */
export function memberMatchQueries(db: Db) {
  // The newest match still active inside a pairing still active, found per session user.
  const current = db
    .select({
      match: getTableColumns(matches),
      members: membersJson(matches.id).as("members"),
      bookedStart: bookedStartSql(matches.id).as("booked_start"),
    })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(and(eq(matchMembers.userId, users.id), isCurrentSql))
    .orderBy(desc(matches.matchDate), desc(matches.id))
    .limit(1)
    .as("current");
  return {
    /** Every match of the user's, newest first, each marked whether it is the current one. */
    sessionWithHistory: db
      .select({
        ...sessionColumns,
        match: matches,
        isCurrent: isCurrentSql,
        pairingOpen: pairingOpenSql,
        members: membersJson(matches.id),
        bookedStart: bookedStartSql(matches.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(viewVersion, eq(viewVersion.id, 1))
      .leftJoin(memberViewVersions, eq(memberViewVersions.userId, users.id))
      .leftJoin(matchMembers, eq(matchMembers.userId, users.id))
      .leftJoin(matches, eq(matches.id, matchMembers.matchId))
      .where(liveSessionCondition)
      .orderBy(desc(matches.matchDate), desc(matches.id)),
    /** The newest match still active inside a pairing still active. */
    sessionWithCurrent: db
      .select({
        ...sessionColumns,
        match: current.match,
        members: current.members,
        bookedStart: current.bookedStart,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(viewVersion, eq(viewVersion.id, 1))
      .leftJoin(memberViewVersions, eq(memberViewVersions.userId, users.id))
      .leftJoinLateral(current, sql`true`)
      .where(liveSessionCondition)
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
  match: MatchWithMembers;
  isCurrent: boolean;
  pairingOpen: boolean;
  partners: MatchPartner[];
  /** What the intro reads of every member, the caller first; never sent as it is. */
  together: TogetherMember[];
  /** The booked chat (its start, ISO 8601), or null when none is booked (or it was cancelled). */
  booking: { start: string } | null;
}

function memberMatch(
  userId: string,
  match: MatchRow,
  json: MemberJson[] | null,
  isCurrent: boolean,
  pairingOpen: boolean,
  bookedStart: string | null,
): MemberMatch {
  const list = json ?? [];
  const members = list.map((m) => ({
    userId: m.userId,
    answer: m.answer,
    answeredAt: m.answeredAt ? new Date(m.answeredAt) : null,
  }));
  const others = list.filter((m) => m.userId !== userId);
  const partners = others.map((m) => ({
    id: m.userId,
    profileImageUrl: m.profileImageUrl,
    firstName: m.firstName,
    lastName: m.lastName,
    department: m.department,
    departmentDisplayName: m.departmentDisplayName,
    email: m.email,
    bio: m.bio,
  }));
  const reader = list.filter((m) => m.userId === userId);
  const together = [...reader, ...others].map((m) => ({
    firstName: m.firstName,
    meet: m.meet,
    office: m.office,
    interests: m.interests ?? [],
  }));
  return {
    match: { ...match, members },
    isCurrent,
    pairingOpen,
    partners,
    together,
    booking: bookedStart ? { start: new Date(bookedStart).toISOString() } : null,
  };
}

/** The versions a person's view was read at (member-view-cache.ts). */
export interface ViewVersions {
  member: number;
  everyone: number;
}

export interface SessionMatches {
  userId: string;
  versions: ViewVersions;
  matches: MemberMatch[];
}

/** The session lookup's placeholders for a cookie value (its hash, and the times). */
export type SessionLookupValues = ReturnType<typeof sessionLookupValues>;

/**
 * The user of the looked-up session with their matches (the current one only, or all) and the
 * versions of their view, or null (signed out) under the rules of every session lookup
 * (settleSession).
 */
export async function sessionMatches(
  ctx: AppContext,
  session: SessionLookupValues,
  which: "history" | "current",
): Promise<SessionMatches | null> {
  const { sessionWithHistory, sessionWithCurrent } = statements(ctx.db);
  const rows =
    which === "current"
      ? (await sessionWithCurrent.execute(session)).map((row) => ({
          ...row,
          // A match current for the statement is current and its pairing open.
          isCurrent: true,
          pairingOpen: true,
        }))
      : await sessionWithHistory.execute(session);
  if (rows.length === 0) return null;
  const { memberVersion, everyoneVersion, ...found } = rows[0];
  const settled = await settleSession(ctx, found);
  if (!settled) return null;
  const userId = settled.user.id;
  const matches = rows.flatMap(({ match, isCurrent, pairingOpen, members, bookedStart }) =>
    match
      ? [memberMatch(userId, match, members, isCurrent === true, pairingOpen === true, bookedStart)]
      : [],
  );
  return { userId, versions: { member: memberVersion, everyone: everyoneVersion }, matches };
}

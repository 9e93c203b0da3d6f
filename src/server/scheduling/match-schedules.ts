import { and, asc, eq, inArray } from "drizzle-orm";
import { isIanaTimeZone, type WorkingDay } from "../../shared/working-hours";
import { roundCompletesAt, scopeSchedule } from "../dates/month-dates";
import type { Db, Tx } from "../db/client";
import { matches, matchMembers, pairings, users } from "../db/schema";
import { getCompanyWorkingHours, ownHours } from "../settings/company-working-hours";
import { getTimeZone } from "../settings/time-zone";

export interface MemberSchedule {
  userId: string;
  email: string;
  firstName: string | null;
  /** The person's IANA zone, else the company's. */
  timeZone: string;
  /** The person's own working hours, else the company's. */
  workingHours: WorkingDay[];
}

export interface MatchSchedules {
  /** Every member, in the match's order (the first is the organiser, docs/scheduling.md). */
  members: MemberSchedule[];
  /** The match is active and its pairing runs: its chat can still be booked. */
  running: boolean;
  /** When its round completes (the next month's publish): a chat must end before it. */
  completesAt: Date;
}

/** Each member's zone and working hours (their own, else the company's); no members when no match. */
export async function matchSchedules(db: Db | Tx, matchId: number): Promise<MatchSchedules> {
  return (
    (await matchSchedulesOf(db, [matchId])).get(matchId) ?? {
      members: [],
      running: false,
      completesAt: new Date(0),
    }
  );
}

/**
 * `matchSchedules` of many matches in one read (a delivery batch's announcements): the company's
 * zone and hours are read once. A match that does not exist is missing from the answer. The ids
 * filter the matches as well as their members, so that the planner reads these matches and their
 * members by key instead of every match and person (docs/performance.md, "Newsletter send").
 */
export async function matchSchedulesOf(
  db: Db | Tx,
  matchIds: readonly number[],
): Promise<Map<number, MatchSchedules>> {
  const found = new Map<number, MatchSchedules>();
  if (matchIds.length === 0) return found;
  const ids = [...new Set(matchIds)];
  const rows = await db
    .select({
      matchId: matchMembers.matchId,
      userId: matchMembers.userId,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      workingHours: users.workingHours,
      matchStatus: matches.status,
      pairingStatus: pairings.status,
      month: pairings.month,
      scopeKey: pairings.scopeKey,
    })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(and(inArray(matchMembers.matchId, ids), inArray(matches.id, ids)))
    .orderBy(asc(matchMembers.matchId), asc(matchMembers.position));
  if (rows.length === 0) return found;
  const companyZone = await getTimeZone(db);
  const companyHours = await getCompanyWorkingHours(db);
  const completions = new Map<string, Date>();
  for (const row of rows) {
    let schedules = found.get(row.matchId);
    if (!schedules) {
      const running = row.matchStatus === "active" && row.pairingStatus === "active";
      const round = `${row.scopeKey} ${row.month}`;
      let completesAt = completions.get(round);
      if (!completesAt) {
        const schedule = await scopeSchedule(db, row.scopeKey);
        completesAt = roundCompletesAt(row.month, schedule, companyZone);
        completions.set(round, completesAt);
      }
      schedules = { members: [], running, completesAt };
      found.set(row.matchId, schedules);
    }
    schedules.members.push({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      timeZone: row.timeZone && isIanaTimeZone(row.timeZone) ? row.timeZone : companyZone,
      workingHours: ownHours(row.workingHours) ?? companyHours,
    });
  }
  return found;
}

import { asc, eq } from "drizzle-orm";
import { isIanaTimeZone, type WorkingDay } from "../../shared/working-hours";
import type { Db, Tx } from "../db/client";
import { matches, matchMembers, pairings, users } from "../db/schema";
import { getTimeZone } from "../settings/time-zone";
import { getCompanyWorkingHours, ownHours } from "../settings/working-hours";

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
}

/** Each member's zone and working hours (their own, else the company's); no members when no match. */
export async function matchSchedules(db: Db | Tx, matchId: number): Promise<MatchSchedules> {
  const rows = await db
    .select({
      userId: matchMembers.userId,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      workingHours: users.workingHours,
      matchStatus: matches.status,
      pairingStatus: pairings.status,
    })
    .from(matchMembers)
    .innerJoin(users, eq(users.id, matchMembers.userId))
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(eq(matchMembers.matchId, matchId))
    .orderBy(asc(matchMembers.position));
  if (rows.length === 0) return { members: [], running: false };
  const companyZone = await getTimeZone(db);
  const companyHours = await getCompanyWorkingHours(db);
  return {
    members: rows.map((row) => ({
      userId: row.userId,
      email: row.email,
      firstName: row.firstName,
      timeZone: row.timeZone && isIanaTimeZone(row.timeZone) ? row.timeZone : companyZone,
      workingHours: ownHours(row.workingHours) ?? companyHours,
    })),
    running: rows[0].matchStatus === "active" && rows[0].pairingStatus === "active",
  };
}

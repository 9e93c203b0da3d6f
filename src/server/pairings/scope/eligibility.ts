import { and } from "drizzle-orm";
import type { MatchingPreference, MeetWay } from "../../../shared/enums";
import type { Eligibility, StatusCounts } from "../../../shared/pairings";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import type { GroupSize } from "../../matching/types";
import { eligibleSql, inScopeSql, type PairingScope } from "./scope";
import { joinWhitelistEntry, whitelistEntryGroup, whitelistEntryId } from "./whitelist-join";

export interface EligibleUser {
  id: string;
  department: string;
  preference: MatchingPreference;
  /** 2 (one-to-one), 3 or 4: the size of chat this person chose on their profile. */
  groupSize: GroupSize;
  createdAt: Date;
  /** The person's own zone and hours; null follows the company's (docs/profile.md). */
  timeZone: string | null;
  workingHours: unknown;
  /** How they can meet and their office (docs/profile.md, "How we meet"); null when not chosen. */
  meetWay?: MeetWay | null;
  office?: string | null;
  /** Their manager's id (docs/profile.md, "Never with my manager"); null without one. */
  managerId?: string | null;
  /** Their interest tags (docs/profile.md, "Shared interests"). */
  interests?: string[];
}

/** The people a pairing of this scope is made for; an empty department counts as "Other". */
export async function listEligibleUsers(
  db: Db | Tx,
  scope: PairingScope,
  today: string,
): Promise<EligibleUser[]> {
  const rows = await joinWhitelistEntry(
    db
      .select({
        id: users.id,
        department: users.department,
        preference: users.matchingPreference,
        groupSize: users.preferredGroupSize,
        createdAt: users.createdAt,
        timeZone: users.timeZone,
        workingHours: users.workingHours,
        meetWay: users.meetWay,
        office: users.office,
        managerId: users.managerId,
        interests: users.interests,
      })
      .from(users)
      .$dynamic(),
  )
    .where(and(eligibleSql(today, whitelistEntryId), inScopeSql(scope, whitelistEntryGroup)))
    .orderBy(users.id);
  return rows.map((row) => ({
    id: row.id,
    department: row.department?.trim() ? row.department.trim() : "Other",
    preference: row.preference,
    groupSize: (row.groupSize === 3 || row.groupSize === 4 ? row.groupSize : 2) as GroupSize,
    createdAt: row.createdAt,
    timeZone: row.timeZone,
    workingHours: row.workingHours,
    meetWay: row.meetWay,
    office: row.office,
    managerId: row.managerId,
    interests: row.interests,
  }));
}

export function eligibilityOf(counts: StatusCounts, minimumRequired: number): Eligibility {
  return {
    hasMinimumUsers: counts.truly_active >= minimumRequired,
    minimumRequired,
    hasEvenNumbers: counts.truly_active % 2 === 0,
  };
}

import { and } from "drizzle-orm";
import type { MatchingPreference } from "../../../shared/enums";
import type { Eligibility, StatusCounts } from "../../../shared/pairings";
import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { eligibleSql, inScopeSql, type PairingScope } from "./scope";

export interface EligibleUser {
  id: string;
  department: string;
  preference: MatchingPreference;
  createdAt: Date;
}

/** The people a pairing of this scope is made for; an empty department counts as "Other". */
export async function listEligibleUsers(
  db: Db | Tx,
  scope: PairingScope,
  today: string,
): Promise<EligibleUser[]> {
  const rows = await db
    .select({
      id: users.id,
      department: users.department,
      preference: users.matchingPreference,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eligibleSql(today), inScopeSql(scope)))
    .orderBy(users.id);
  return rows.map((row) => ({
    id: row.id,
    department: row.department?.trim() ? row.department.trim() : "Other",
    preference: row.preference,
    createdAt: row.createdAt,
  }));
}

export function eligibilityOf(counts: StatusCounts, minimumRequired: number): Eligibility {
  return {
    hasMinimumUsers: counts.truly_active >= minimumRequired,
    minimumRequired,
    hasEvenNumbers: counts.truly_active % 2 === 0,
  };
}

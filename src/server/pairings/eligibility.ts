import { and, sql } from "drizzle-orm";
import type { MatchingPreference } from "../../shared/enums";
import type { Eligibility, StatusCounts } from "../../shared/pairings";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { eligibleSql, inScopeSql, type PairingScope } from "./scope";

export interface EligibleUser {
  id: string;
  department: string;
  preference: MatchingPreference;
  createdAt: Date;
}

/** The people a pairing of this scope is made for; an empty department counts as "Other". */
export async function listEligibleUsers(
  db: Db,
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
    preference: row.preference as MatchingPreference,
    createdAt: row.createdAt,
  }));
}

/**
 * Everyone in the scope falls in exactly one bucket, checked in this order: ready to pair,
 * opted out, paused, else inactive (no profile yet, deactivated, left, on leave).
 */
export async function countStatuses(
  db: Db,
  scope: PairingScope,
  today: string,
): Promise<StatusCounts> {
  const eligible = eligibleSql(today);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      trulyActive: sql<number>`(count(*) filter (where ${eligible}))::int`,
      optedOut: sql<number>`(count(*) filter (where not (${eligible}) and ${users.participationStatus} = 'opted_out'))::int`,
      paused: sql<number>`(count(*) filter (where not (${eligible}) and ${users.participationStatus} = 'paused'))::int`,
    })
    .from(users)
    .where(inScopeSql(scope));
  return {
    total: row.total,
    truly_active: row.trulyActive,
    opted_out: row.optedOut,
    paused: row.paused,
    inactive: row.total - row.trulyActive - row.optedOut - row.paused,
  };
}

export function eligibilityOf(counts: StatusCounts, minimumRequired: number): Eligibility {
  return {
    hasMinimumUsers: counts.truly_active >= minimumRequired,
    minimumRequired,
    hasEvenNumbers: counts.truly_active % 2 === 0,
  };
}

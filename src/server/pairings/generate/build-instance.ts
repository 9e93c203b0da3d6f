import { and, eq, inArray } from "drizzle-orm";
import type { OddPolicy } from "../../../shared/enums";
import type { Db, Tx } from "../../db/client";
import { matches, pairings } from "../../db/schema";
import type { MatchingInstance } from "../../matching/types";
import type { EligibleUser } from "../members/eligibility";
import { shiftMonth } from "./months";

export interface InstanceOptions {
  month: string;
  scopeKey: string;
  repeatWindowMonths: number;
  oddPolicy: OddPolicy;
  seed: number;
}

/**
 * History is every stored match (pairs and trios, any status, any scope) narrowed to the people
 * being paired, since the engine refuses ids it does not know. `lastSatOut` marks whoever was
 * already here for last month's pairing of this scope but was left out of it.
 */
export async function buildInstance(
  db: Db | Tx,
  eligible: EligibleUser[],
  options: InstanceOptions,
): Promise<MatchingInstance> {
  const ids = new Set(eligible.map((u) => u.id));
  const stored = await db
    .select({
      month: matches.month,
      user1Id: matches.user1Id,
      user2Id: matches.user2Id,
      user3Id: matches.user3Id,
    })
    .from(matches);
  const history: NonNullable<MatchingInstance["history"]> = [];
  for (const row of stored) {
    const members = [row.user1Id, row.user2Id, row.user3Id].filter(
      (id): id is string => Boolean(id) && ids.has(id as string),
    );
    if (members.length < 2 || new Set(members).size !== members.length) continue;
    // The engine's window covers the months before this one; a pairing already made this month
    // (completed, then generated again) must block its pairs too, so it counts as last month's.
    const month = row.month >= options.month ? shiftMonth(options.month, -1) : row.month;
    history.push({ users: members, month });
  }

  const satOut = await leftOutLastMonth(
    db,
    eligible,
    options.scopeKey,
    shiftMonth(options.month, -1),
  );
  return {
    month: options.month,
    repeatWindowMonths: options.repeatWindowMonths,
    seed: options.seed,
    oddPolicy: options.oddPolicy,
    users: eligible.map((u) => ({
      id: u.id,
      department: u.department,
      preference: u.preference,
      ...(satOut.has(u.id) ? { lastSatOut: true } : {}),
    })),
    history,
  };
}

async function leftOutLastMonth(
  db: Db | Tx,
  eligible: EligibleUser[],
  scopeKey: string,
  previousMonth: string,
) {
  const previous = await db
    .select({ id: pairings.id, createdAt: pairings.createdAt })
    .from(pairings)
    .where(and(eq(pairings.scopeKey, scopeKey), eq(pairings.month, previousMonth)));
  const result = new Set<string>();
  if (previous.length === 0) return result;
  const firstRun = Math.min(...previous.map((p) => p.createdAt.getTime()));
  const placed = new Set<string>();
  const rows = await db
    .select({ user1Id: matches.user1Id, user2Id: matches.user2Id, user3Id: matches.user3Id })
    .from(matches)
    .where(
      inArray(
        matches.pairingId,
        previous.map((p) => p.id),
      ),
    );
  for (const row of rows)
    for (const id of [row.user1Id, row.user2Id, row.user3Id]) if (id) placed.add(id);
  for (const user of eligible) {
    if (!placed.has(user.id) && user.createdAt.getTime() <= firstRun) result.add(user.id);
  }
  return result;
}

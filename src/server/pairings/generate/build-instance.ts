import { and, eq, inArray } from "drizzle-orm";
import type { OddPolicy } from "../../../shared/enums";
import { isIanaTimeZone, type WorkingDay } from "../../../shared/working-hours";
import { shiftMonth } from "../../calendar/month-calendar";
import type { AppContext } from "../../context";
import type { Db, Tx } from "../../db/client";
import { matches, matchMembers, pairings } from "../../db/schema";
import type { MatchingInstance } from "../../matching/types";
import { getTimeZone } from "../../settings/time-zone";
import { getCompanyWorkingHours, ownHours } from "../../settings/working-hours";
import type { EligibleUser } from "../scope/eligibility";

export interface InstanceOptions {
  month: string;
  scopeKey: string;
  repeatWindowMonths: number;
  oddPolicy: OddPolicy;
  seed: number;
  /** Zones and hours (FORMAT.md, rule 4): the company's defaults, the day and the minimum. */
  schedules: InstanceSchedules;
}

export interface InstanceSchedules {
  overlapFrom: string;
  minOverlapMinutes: number;
  companyTimeZone: string;
  companyHours: WorkingDay[];
}

/** The company's zone and hours and the configured minimum, counted from `today`. */
export async function loadInstanceSchedules(
  ctx: Pick<AppContext, "db" | "config">,
  today: string,
): Promise<InstanceSchedules> {
  return {
    overlapFrom: today,
    minOverlapMinutes: ctx.config.MIN_OVERLAP_MINUTES,
    companyTimeZone: await getTimeZone(ctx.db),
    companyHours: await getCompanyWorkingHours(ctx.db),
  };
}

/**
 * History is every stored match (matches of 2 to 4, any status, any scope) narrowed to the people
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
    .select({ matchId: matches.id, month: matches.month, userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId));
  const byMatch = new Map<number, { month: string; members: string[] }>();
  for (const row of stored) {
    if (!ids.has(row.userId)) continue;
    const found = byMatch.get(row.matchId) ?? { month: row.month, members: [] };
    found.members.push(row.userId);
    byMatch.set(row.matchId, found);
  }
  const history: NonNullable<MatchingInstance["history"]> = [];
  for (const row of byMatch.values()) {
    const members = row.members;
    if (members.length < 2) continue;
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
  const s = options.schedules;
  return {
    month: options.month,
    repeatWindowMonths: options.repeatWindowMonths,
    seed: options.seed,
    oddPolicy: options.oddPolicy,
    users: eligible.map((u) => ({
      id: u.id,
      department: u.department,
      preference: u.preference,
      ...(u.groupSize !== 2 ? { groupSize: u.groupSize } : {}),
      ...(satOut.has(u.id) ? { lastSatOut: true } : {}),
      timeZone: u.timeZone && isIanaTimeZone(u.timeZone) ? u.timeZone : s.companyTimeZone,
      hours: ownHours(u.workingHours) ?? s.companyHours,
    })),
    history,
    overlapFrom: s.overlapFrom,
    minOverlapMinutes: s.minOverlapMinutes,
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
    .select({ userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(
      inArray(
        matches.pairingId,
        previous.map((p) => p.id),
      ),
    );
  for (const row of rows) placed.add(row.userId);
  for (const user of eligible) {
    if (!placed.has(user.id) && user.createdAt.getTime() <= firstRun) result.add(user.id);
  }
  return result;
}

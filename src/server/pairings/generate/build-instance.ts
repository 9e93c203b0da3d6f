import { sql } from "drizzle-orm";
import type { OddPolicy } from "../../../shared/enums";
import { isIanaTimeZone, type WorkingDay } from "../../../shared/working-hours";
import type { AppContext } from "../../context";
import { shiftMonth } from "../../dates/month-dates";
import type { Db, Tx } from "../../db/client";
import { matches, matchMembers, neverWith, pairings, users } from "../../db/schema";
import { MAX_GROUP, type ResolvedIds } from "../../matching/instance-fast-check";
import type { MatchingInstance } from "../../matching/types";
import { getCompanyWorkingHours, ownHours } from "../../settings/company-working-hours";
import { getTimeZone } from "../../settings/time-zone";
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
  return (await buildResolvedInstance(db, eligible, options)).instance;
}

/**
 * The instance with its ids already resolved for the engine (`runMatching`'s third argument):
 * the history's members are looked up once here, while they are read, instead of once more by the
 * engine (docs/performance.md, "Company scale").
 */
export async function buildResolvedInstance(
  db: Db | Tx,
  eligible: EligibleUser[],
  options: InstanceOptions,
): Promise<{ instance: MatchingInstance; ids: ResolvedIds }> {
  const { history, members } = await historyOf(db, eligible, options.month);
  const satOut = await leftOutLastMonth(db, options.scopeKey, shiftMonth(options.month, -1));
  const avoid = await avoidLists(db, eligible);
  const s = options.schedules;
  const users = eligible.map((u) => ({
    id: u.id,
    department: u.department,
    preference: u.preference,
    ...(u.groupSize !== 2 ? { groupSize: u.groupSize } : {}),
    ...(satOut.has(u.id) ? { lastSatOut: true } : {}),
    timeZone: u.timeZone && isIanaTimeZone(u.timeZone) ? u.timeZone : s.companyTimeZone,
    hours: ownHours(u.workingHours) ?? s.companyHours,
    ...(avoid.has(u.id) ? { avoid: avoid.get(u.id) } : {}),
    ...(u.meetWay ? { meet: u.meetWay } : {}),
    ...(u.office ? { office: u.office } : {}),
    ...(u.managerId ? { manager: u.managerId } : {}),
    ...(u.interests && u.interests.length > 0 ? { interests: u.interests } : {}),
  }));
  const instance: MatchingInstance = {
    month: options.month,
    repeatWindowMonths: options.repeatWindowMonths,
    seed: options.seed,
    oddPolicy: options.oddPolicy,
    users,
    history,
    overlapFrom: s.overlapFrom,
    minOverlapMinutes: s.minOverlapMinutes,
  };
  return { instance, ids: { users, history, members } };
}

/**
 * Every stored match's members narrowed to the `eligible` people, as the engine's history groups
 * and their members' places in `eligible` (MAX_GROUP slots a group, −1 padded). The database
 * joins and groups the members, one row per match with its members as one text: a row per member
 * (586,000 at 100,000 people) took seconds to read (docs/performance.md, "Company scale").
 */
async function historyOf(db: Db | Tx, eligible: readonly EligibleUser[], month: string) {
  const result = await db.execute(sql`select ${matches.month} as month,
      string_agg(${matchMembers.userId}::text, ' ') as members
    from ${matchMembers} join ${matches} on ${matches.id} = ${matchMembers.matchId}
    group by ${matches.id}`);
  const rows = (result as unknown as { rows: { month: string; members: string }[] }).rows;
  const place = new Map(eligible.map((u, i) => [u.id, i]));
  // The engine's window covers the months before this one; a pairing already made this month
  // (completed, then generated again) must block its pairs too, so it counts as last month's.
  const lastMonth = shiftMonth(month, -1);
  const history: NonNullable<MatchingInstance["history"]> = [];
  const members = new Int32Array(rows.length * MAX_GROUP).fill(-1);
  for (const row of rows) {
    const at = history.length * MAX_GROUP;
    const known: string[] = [];
    for (const id of row.members.split(" ")) {
      const i = place.get(id);
      if (i === undefined || known.length === MAX_GROUP) continue;
      members[at + known.length] = i;
      known.push(id);
    }
    if (known.length < 2) {
      members.fill(-1, at, at + MAX_GROUP);
      continue;
    }
    history.push({ users: known, month: row.month >= month ? lastMonth : row.month });
  }
  return { history, members: members.subarray(0, history.length * MAX_GROUP) };
}

/**
 * Who was already here for last month's first pairing of this scope and is in none of its
 * matches, found by the database (a few ids, not a row per member placed).
 */
async function leftOutLastMonth(db: Db | Tx, scopeKey: string, previousMonth: string) {
  const previous = sql`(select ${pairings.id} from ${pairings}
    where ${pairings.scopeKey} = ${scopeKey} and ${pairings.month} = ${previousMonth})`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.createdAt} <= (select min(${pairings.createdAt}) from ${pairings}
          where ${pairings.id} in ${previous})
        and not exists (select 1 from ${matchMembers}
          join ${matches} on ${matches.id} = ${matchMembers.matchId}
          where ${matches.pairingId} in ${previous} and ${matchMembers.userId} = ${users.id})`,
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The "never with" lists naming two of the `eligible` people, as each owner's `avoid` (FORMAT.md,
 * rule 5; the engine keeps a listed pair apart whichever of the two listed the other).
 */
async function avoidLists(db: Db | Tx, eligible: readonly EligibleUser[]) {
  const ids = new Set(eligible.map((u) => u.id));
  const rows = await db
    .select({ userId: neverWith.userId, otherId: neverWith.otherId })
    .from(neverWith);
  const lists = new Map<string, string[]>();
  for (const row of rows) {
    if (!ids.has(row.userId) || !ids.has(row.otherId)) continue;
    const list = lists.get(row.userId) ?? [];
    list.push(row.otherId);
    lists.set(row.userId, list);
  }
  return lists;
}

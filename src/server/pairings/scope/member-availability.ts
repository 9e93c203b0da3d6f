import { sql } from "drizzle-orm";
import type { ExclusionReason } from "../../../shared/exclusions";
import type { Db } from "../../db/client";
import { uuidArray } from "../../db/id-list";
import { users } from "../../db/schema";
import {
  type MatchWithMembers,
  matchChatHappened,
  memberIds,
  pairingMemberIdsSql,
} from "../../match-members/match-members";
import { exclusionReasonSql } from "./exclusions";
import type { MatchTense } from "./scope";
import { joinWhitelistEntry, whitelistEntryId } from "./whitelist-join";

/** Asked of the members of running matches (scope.ts, `MatchTense`). */
export const IN_RUNNING_MATCH: MatchTense = { inRunningMatch: true };

/**
 * Who among the members of these pairings can no longer meet this month, and why (opted out,
 * paused, removed from the whitelist, deactivated, on leave): the exclusion reasons of a
 * generation, asked for the members of running pairings (so skipping the next round is none). Everyone absent from the answer is still
 * ready to pair. One statement: the members come from a sub-select and the whitelist entry from
 * two joins (whitelist-join.ts), not 10,000 ids as parameters and a sub-select per person.
 */
export async function awayReasons(
  db: Pick<Db, "select">,
  pairingIds: number[],
  today: string,
): Promise<Map<string, ExclusionReason>> {
  const away = new Map<string, ExclusionReason>();
  if (pairingIds.length === 0) return away;
  const reason = exclusionReasonSql(today, whitelistEntryId, IN_RUNNING_MATCH);
  const members = pairingMemberIdsSql(sql`any(${sql.param(pairingIds)}::int[])`);
  const rows = await joinWhitelistEntry(
    db.select({ id: users.id, reason }).from(users).$dynamic(),
  ).where(sql`${users.id} in ${members}`);
  for (const row of rows) if (row.reason) away.set(row.id, row.reason);
  return away;
}

/**
 * The same for the given people only: members of running matches (a page's members) with
 * `tense.inRunningMatch`, else people to pair (a pairing being made).
 */
export async function awayReasonsOf(
  db: Pick<Db, "select">,
  userIds: string[],
  today: string,
  tense: MatchTense = {},
): Promise<Map<string, ExclusionReason>> {
  const away = new Map<string, ExclusionReason>();
  if (userIds.length === 0) return away;
  const reason = exclusionReasonSql(today, whitelistEntryId, tense);
  // A join on the ids as one array parameter: the planner sees how many there are and, for a
  // company-wide pairing's 100,000, hashes them against one scan instead of 100,000 key look-ups.
  const chosen = sql`unnest(${uuidArray([...new Set(userIds)])}) as chosen(id)`;
  const rows = await joinWhitelistEntry(
    db
      .select({ id: users.id, reason })
      .from(users)
      .innerJoin(chosen, sql`chosen.id = ${users.id}`)
      .$dynamic(),
  );
  for (const row of rows) if (row.reason) away.set(row.id, row.reason);
  return away;
}

/**
 * SQL: the ids of everyone who can no longer meet this month (a reason of `exclusionReasonSql`),
 * for the current pairings' "left alone" and "away" filters: one scan of the people.
 */
export function awayPeopleSql(db: Pick<Db, "select">, today: string) {
  const reason = exclusionReasonSql(today, whitelistEntryId, IN_RUNNING_MATCH);
  return joinWhitelistEntry(db.select({ id: users.id }).from(users).$dynamic()).where(
    sql`${reason} is not null`,
  );
}

const NOBODY_AWAY: ReadonlyMap<string, ExclusionReason> = new Map();

/**
 * Who of a running match's members can no longer meet in it, of the people `away` names: nobody
 * once its chat happened (src/shared/chat-happened.ts). That chat is the month's history: a pause,
 * an opt-out, skipping next month or a leave since concerns later rounds only (docs/profile.md,
 * "Participation"), so nobody in the match is left alone or offered to a re-pair because of it.
 */
export function awayFromMatch(
  row: Pick<MatchWithMembers, "status" | "members">,
  away: ReadonlyMap<string, ExclusionReason>,
): ReadonlyMap<string, ExclusionReason> {
  return matchChatHappened(row) ? NOBODY_AWAY : away;
}

/** The one member still ready to meet when every other member of the match is away, else null. */
export function aloneMember(
  row: Pick<MatchWithMembers, "status" | "members">,
  away: ReadonlyMap<string, ExclusionReason>,
): string | null {
  const gone = awayFromMatch(row, away);
  const present = memberIds(row).filter((id) => !gone.has(id));
  return present.length === 1 ? present[0] : null;
}

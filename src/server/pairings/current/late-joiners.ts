import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SatOutEntry } from "../../../shared/sat-out";
import type { Db, Tx } from "../../db/client";
import { activities, type PairingRow, users } from "../../db/schema";
import { runningMemberSql } from "../scope/running-members";
import { stillSatOut } from "../scope/sat-out-people";
import { eligibleSql, inScopeSql, resolveScope } from "../scope/scope";
import { joinWhitelistEntry, whitelistEntryGroup, whitelistEntryId } from "../scope/whitelist-join";
import { awayNowSql } from "./away-reports";
import { PARTNER_LEFT_KIND } from "./partner-left";

/**
 * The most people who joined late one pairing's list shows: the list is for placing by hand, one
 * person at a time; beyond it the admin waits for next month's run (docs/pairings.md, "Joined
 * after the pairings were made").
 */
export const LATE_JOINERS_SHOWN = 100;

/**
 * The people a running pairing never saw (docs/pairings.md, "Joined after the pairings were
 * made"): ready today and in its scope, but in no running match of its month, in no running
 * pairing's sat-out list of that month, not waiting for a partner who left (that list is
 * theirs), and not reported away by a partner (given to nobody this month, unless they said "I'm
 * not away" since: away-reports.ts). They signed up, finished their profile or came back after the pairing was made; an
 * admin places them like someone who sat out. `ids` narrows the read to those people (the
 * placement's re-read inside its lock).
 */
export async function lateJoiners(
  db: Db | Tx,
  pairing: Pick<PairingRow, "id" | "month" | "scopeKey" | "domainGroupId">,
  today: string,
  ids?: readonly string[],
): Promise<SatOutEntry[]> {
  // A group deleted since keeps its pairing running, but nobody new can join its scope.
  if (pairing.scopeKey !== "all" && pairing.domainGroupId === null) return [];
  if (ids?.length === 0) return [];
  const scope = await resolveScope(db, pairing.domainGroupId);
  const rows = await joinWhitelistEntry(db.select({ id: users.id }).from(users).$dynamic())
    .where(
      and(
        eligibleSql(today, whitelistEntryId),
        inScopeSql(scope, whitelistEntryGroup),
        ids ? inArray(users.id, [...ids]) : undefined,
        sql`not ${runningMemberSql(pairing.month)}`,
        sql`not ${listedAsSatOutSql(pairing.month)}`,
        sql`not exists (select 1 from ${activities} where ${activities.userId} = ${users.id}
          and ${activities.pairingId} = ${pairing.id} and ${eq(activities.kind, PARTNER_LEFT_KIND)})`,
        sql`not ${awayNowSql(users.id, pairing.id)}`,
      ),
    )
    .orderBy(users.createdAt, users.id)
    .limit(LATE_JOINERS_SHOWN);
  return rows.map((row) => ({ userId: row.id, reason: { kind: "joined-late" } }));
}

/** Listed in a running pairing's `sat_out` of the month: those are shown with the engine's reason. */
function listedAsSatOutSql(month: string): SQL {
  return sql`${users.id} in (select (e.entry ->> 'userId')::uuid
    from pairings p cross join lateral jsonb_array_elements(p.sat_out) as e(entry)
    where p.status = 'active' and p.month = ${month})`;
}

/**
 * Everyone an admin can place by hand into a running pairing (docs/pairings.md, "Placing by
 * hand"): who sat out of it and is still unplaced, then who joined after it was made. `ids`
 * narrows the late joiners' read to those people (a placement's re-read inside its lock).
 */
export async function peopleToPlace(
  db: Db | Tx,
  pairing: Pick<PairingRow, "id" | "month" | "satOut" | "scopeKey" | "domainGroupId">,
  today: string,
  ids?: readonly string[],
): Promise<SatOutEntry[]> {
  return [...(await stillSatOut(db, pairing)), ...(await lateJoiners(db, pairing, today, ids))];
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WaitingPerson } from "../../../shared/pairings";
import type { Db, Tx } from "../../db/client";
import { activities, matches, matchMembers, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { awayReasonsOf } from "../scope/member-availability";
import { fullName } from "../scope/pairing-members";
import { awayReports } from "./away-reports";

/** The activity kind of a person left waiting for a partner: `userId` is the one waiting. */
export const PARTNER_LEFT_KIND = "match.partner-left";

/** What a "left waiting" activity keeps in `data`: who left. */
export interface PartnerLeftData {
  left: string[];
}

/**
 * The people of running pairings waiting for a partner (docs/pairings.md, "Waiting for a
 * partner"), by pairing id: everyone a leaving partner left in no match of the pairing (recorded
 * as a `match.partner-left` activity) who is still in none of its matches, can still meet this
 * month and was not reported away. A re-pair takes them off the list by placing them.
 */
export async function waitingForPartner(
  db: Db | Tx,
  pairingIds: number[],
  today: string,
): Promise<Map<number, WaitingPerson[]>> {
  const byPairing = new Map<number, WaitingPerson[]>(pairingIds.map((id) => [id, []]));
  if (pairingIds.length === 0) return byPairing;
  const rows = await db
    .select({
      pairingId: activities.pairingId,
      userId: activities.userId,
      at: activities.at,
      data: activities.data,
    })
    .from(activities)
    .where(
      and(
        eq(activities.kind, PARTNER_LEFT_KIND),
        inArray(activities.pairingId, pairingIds),
        sql`not exists (select 1 from ${matchMembers} mm join ${matches} m on m.id = mm.match_id
          where m.pairing_id = ${activities.pairingId} and mm.user_id = ${activities.userId})`,
      ),
    )
    .orderBy(desc(activities.id));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.pairingId === null || row.userId === null) continue;
    const key = `${row.pairingId}:${row.userId}`;
    if (!latest.has(key)) latest.set(key, row);
  }
  if (latest.size === 0) return byPairing;
  const ids = [...new Set([...latest.values()].map((r) => r.userId as string))];
  const leftIds = [...latest.values()].flatMap(
    (r) => (r.data as Partial<PartnerLeftData> | null)?.left ?? [],
  );
  const people = new Map(
    (
      await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          department: departmentNameSql(users.email, users.department),
        })
        .from(users)
        .where(inArray(users.id, [...new Set([...ids, ...leftIds])]))
    ).map((u) => [u.id, u]),
  );
  const cannotMeet = await awayReasonsOf(db, ids, today);
  const reported = new Map<number, Set<string>>();
  for (const row of latest.values()) {
    const pairingId = row.pairingId as number;
    const userId = row.userId as string;
    const person = people.get(userId);
    if (!person || cannotMeet.has(userId)) continue;
    if (!reported.has(pairingId)) reported.set(pairingId, (await awayReports(db, pairingId)).away);
    if (reported.get(pairingId)?.has(userId)) continue;
    const left = (row.data as Partial<PartnerLeftData> | null)?.left ?? [];
    byPairing.get(pairingId)?.push({
      userId,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      department: person.department ?? null,
      formerPartners: left.flatMap((id) => {
        const p = people.get(id);
        return p ? [fullName(p)] : [];
      }),
      since: row.at.toISOString(),
    });
  }
  for (const list of byPairing.values()) list.sort((a, b) => a.since.localeCompare(b.since));
  return byPairing;
}

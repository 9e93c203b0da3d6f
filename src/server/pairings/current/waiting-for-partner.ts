import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WaitingPerson } from "../../../shared/pairings";
import { personName } from "../../../shared/person-name";
import type { Db, Tx } from "../../db/client";
import { activities, matches, matchMembers, pairings } from "../../db/schema";
import { peopleById } from "../../people-rows/read-people";
import { awayReasonsOf, IN_RUNNING_MATCH } from "../scope/member-availability";
import { memberColumns } from "../scope/pairing-members";
import { awayReports } from "./away-reports";
import { PARTNER_LEFT_KIND, type PartnerLeftData } from "./partner-left";

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
  const people = await peopleById(db, [...ids, ...leftIds], memberColumns);
  const cannotMeet = await awayReasonsOf(db, ids, today, IN_RUNNING_MATCH);
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
        return p ? [personName(p)] : [];
      }),
      since: row.at.toISOString(),
    });
  }
  for (const list of byPairing.values()) list.sort((a, b) => a.since.localeCompare(b.since));
  return byPairing;
}

/**
 * The running pairing in which the person waits for a partner, if any (docs/pairings.md, "Waiting
 * for a partner"): the same list the admin's Current Pairings shows, so their own page says what
 * the admin sees.
 */
export async function waitingOf(
  db: Db | Tx,
  userId: string,
  today: string,
): Promise<(WaitingPerson & { month: string }) | null> {
  const candidates = await db
    .selectDistinct({ id: pairings.id, month: pairings.month })
    .from(activities)
    .innerJoin(pairings, eq(pairings.id, activities.pairingId))
    .where(
      and(
        eq(activities.kind, PARTNER_LEFT_KIND),
        eq(activities.userId, userId),
        eq(pairings.status, "active"),
      ),
    );
  if (candidates.length === 0) return null;
  const byPairing = await waitingForPartner(
    db,
    candidates.map((c) => c.id),
    today,
  );
  for (const { id, month } of candidates.sort((a, b) => b.month.localeCompare(a.month))) {
    const mine = byPairing.get(id)?.find((w) => w.userId === userId);
    if (mine) return { ...mine, month };
  }
  return null;
}

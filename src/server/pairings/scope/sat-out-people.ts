import { and, eq, inArray } from "drizzle-orm";
import type { SatOutPerson } from "../../../shared/pairings";
import { personName } from "../../../shared/person-name";
import { type SatOutEntry, satOutText } from "../../../shared/sat-out";
import type { Db, Tx } from "../../db/client";
import { matches, matchMembers, type PairingRow, pairings, users } from "../../db/schema";
import { departmentNameSql } from "../../directory/departments/department-name";
import { peopleById, personColumns } from "../../people-rows/read-people";

/**
 * The stored reasons as the admin reads them (docs/pairings.md, "Who sat out and why"): each with
 * the person's name and department name of today; an account that is gone is left out.
 */
export async function presentSatOut(
  db: Db | Tx,
  entries: readonly SatOutEntry[],
): Promise<SatOutPerson[]> {
  if (entries.length === 0) return [];
  const byId = await peopleById(
    db,
    entries.map((e) => e.userId),
    { ...personColumns, departmentName: departmentNameSql(users.email, users.department) },
  );
  return entries.flatMap((entry) => {
    const person = byId.get(entry.userId);
    if (!person) return [];
    const name = personName(person);
    // A reason keeps the person's department key as the engine saw it; people read its name.
    const reason =
      "department" in entry.reason && person.departmentName
        ? { ...entry.reason, department: person.departmentName }
        : entry.reason;
    return [{ userId: entry.userId, name, reason: satOutText(reason, name) }];
  });
}

/**
 * Who of a running pairing's people who sat out is still in none of the month's running matches:
 * the ones an admin can still place by hand.
 */
export async function stillSatOut(
  db: Db | Tx,
  pairing: Pick<PairingRow, "month" | "satOut">,
): Promise<SatOutEntry[]> {
  if (pairing.satOut.length === 0) return [];
  const placed = await db
    .select({ userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(
      and(
        eq(pairings.status, "active"),
        eq(matches.month, pairing.month),
        eq(matches.status, "active"),
        inArray(
          matchMembers.userId,
          pairing.satOut.map((e) => e.userId),
        ),
      ),
    );
  const busy = new Set(placed.map((r) => r.userId));
  return pairing.satOut.filter((e) => !busy.has(e.userId));
}

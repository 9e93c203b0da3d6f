import { and, inArray, or } from "drizzle-orm";
import type { MeetWay } from "../../../shared/enums";
import type { Tx } from "../../db/client";
import { neverWith, users } from "../../db/schema";

interface Ways {
  id: string;
  meetWay: MeetWay | null;
  office: string | null;
  managerId: string | null;
}

const online = (p: Ways) => (p.meetWay ?? "either") !== "in-person";
const inPerson = (p: Ways) => (p.meetWay ?? "either") !== "online";

/** Everyone accepts online, or everyone accepts in person at one office (FORMAT.md, rule 5). */
function shareAWayToMeet(group: readonly Ways[]): boolean {
  if (group.every(online)) return true;
  const office = group[0]?.office;
  return Boolean(office) && group.every((p) => inPerson(p) && p.office === office);
}

/**
 * The sentence for a placement that one of the people's own rules forbids — a "never with" list,
 * a manager, or no shared way to meet — between `personId` and `partnerIds` (docs/pairings.md,
 * "Placing by hand"). It never says whose rule or which: a "never with" list is private.
 */
export async function personalRuleBroken(
  tx: Tx,
  person: { id: string; name: string },
  partnerIds: readonly string[],
): Promise<string[]> {
  const ids = [person.id, ...partnerIds];
  const group = await tx
    .select({
      id: users.id,
      meetWay: users.meetWay,
      office: users.office,
      managerId: users.managerId,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const managed = group.some(
    (p) =>
      (p.id === person.id && p.managerId !== null && partnerIds.includes(p.managerId)) ||
      (p.id !== person.id && p.managerId === person.id),
  );
  const avoided =
    partnerIds.length > 0 &&
    (
      await tx
        .select({ userId: neverWith.userId })
        .from(neverWith)
        .where(
          or(
            and(
              inArray(neverWith.userId, [person.id]),
              inArray(neverWith.otherId, [...partnerIds]),
            ),
            and(
              inArray(neverWith.userId, [...partnerIds]),
              inArray(neverWith.otherId, [person.id]),
            ),
          ),
        )
        .limit(1)
    ).length > 0;
  if (!managed && !avoided && shareAWayToMeet(group)) return [];
  return [
    `A personal rule (a private "never with" list, a manager, or how someone can meet) keeps ${person.name} apart from this match.`,
  ];
}

import { and, eq, gte, inArray, ne } from "drizzle-orm";
import type { MatchingPreference, OddPolicy } from "../../../shared/enums";
import { joinNames } from "../../../shared/matches";
import { monthDisplay } from "../../../shared/pairings";
import { shiftMonth } from "../../dates/month-dates";
import type { Tx } from "../../db/client";
import { matches, matchMembers } from "../../db/schema";

/** One person of a placement by hand, as the rules see them. */
export interface PlacedPerson {
  id: string;
  name: string;
  /** The stored key: the rules compare keys. */
  department: string;
  /** The name people read (department-name.ts). */
  departmentName: string;
  preference: MatchingPreference;
  groupSize: 2 | 3 | 4;
}

const CHOSE: Record<2 | 3 | 4, string> = {
  2: "one-to-one chats",
  3: "groups of three",
  4: "groups of four",
};
const SIZE: Record<number, string> = { 2: "a pair", 3: "a trio", 4: "a group of four" };

/**
 * Every rule of matching/FORMAT.md that putting `person` with `others` breaks, as sentences the
 * admin confirms (docs/pairings.md, "Placing by hand"): a department wish of either side, a
 * meeting within the repeat window (`met`: the months the person met each of the others), and
 * anyone two sizes or more from their choice, or a trio of one-to-one people only where the
 * odd-number setting leaves one out instead.
 */
export function brokenRules(
  person: PlacedPerson,
  others: readonly PlacedPerson[],
  met: ReadonlyMap<string, string>,
  settings: { repeatWindowMonths: number; oddPolicy: OddPolicy },
): string[] {
  const rules: string[] = [];
  for (const other of others) rules.push(...departmentRules(person, other));
  for (const other of others) {
    const month = met.get(other.id);
    if (month) {
      rules.push(
        `${person.name} and ${other.name} met in ${monthDisplay(month)}, within the ${settings.repeatWindowMonths}-month repeat window.`,
      );
    }
  }
  const group = [person, ...others];
  const size = group.length;
  for (const member of group) {
    if (Math.abs(member.groupSize - size) > 1) {
      rules.push(`${member.name} chose ${CHOSE[member.groupSize]}, and this makes ${SIZE[size]}.`);
    }
  }
  if (size === 3 && settings.oddPolicy === "sit-out" && group.every((m) => m.groupSize === 2)) {
    rules.push(
      `${joinNames(group.map((m) => m.name))} all chose one-to-one chats, and the pairing settings leave an odd one out rather than make a trio of them.`,
    );
  }
  return rules;
}

/** Whether `a`'s department wish rules out `b` (FORMAT.md, rule 2). */
const refuses = (a: PlacedPerson, b: PlacedPerson) =>
  a.preference !== "any" &&
  (a.preference === "same-department") !== (a.department === b.department);

function departmentRules(a: PlacedPerson, b: PlacedPerson): string[] {
  return [
    [a, b],
    [b, a],
  ].flatMap(([who, whom]) =>
    !refuses(who, whom)
      ? []
      : who.preference === "same-department"
        ? [
            `${who.name} asked for same-department chats, and ${whom.name} is in ${whom.departmentName}.`,
          ]
        : [
            `${who.name} asked for cross-department chats, and ${whom.name} is also in ${whom.departmentName}.`,
          ],
  );
}

/**
 * The latest month within the repeat window (and this month's earlier rounds) in which `userId`
 * shared a match with each of `others`, leaving out the match being joined.
 */
export async function metWithin(
  tx: Tx,
  userId: string,
  others: readonly string[],
  month: string,
  windowMonths: number,
  exceptMatchId?: number,
): Promise<Map<string, string>> {
  const met = new Map<string, string>();
  if (others.length === 0) return met;
  const own = tx
    .select({ matchId: matchMembers.matchId })
    .from(matchMembers)
    .where(eq(matchMembers.userId, userId));
  const rows = await tx
    .select({ userId: matchMembers.userId, month: matches.month })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(
      and(
        inArray(matchMembers.matchId, own),
        inArray(matchMembers.userId, [...others]),
        gte(matches.month, shiftMonth(month, -windowMonths)),
        exceptMatchId === undefined ? undefined : ne(matches.id, exceptMatchId),
      ),
    );
  for (const row of rows) {
    const seen = met.get(row.userId);
    if (!seen || row.month > seen) met.set(row.userId, row.month);
  }
  return met;
}

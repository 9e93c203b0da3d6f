import { and, count, eq, inArray, isNotNull, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { outgoingMessages } from "../db/schema";

export interface OrganiserTurns {
  /** Picks the organiser among the members (in the match's order) and counts the turn. */
  pick(memberIds: string[]): string;
}

/**
 * The member named to organise (docs/chat.md, "The organiser"): whoever has organised fewest
 * intros so far, then whoever organised longest ago (never first), then by the month, so a pair
 * that meets again swaps the role. Turns given in this run count at once.
 */
export async function organiserTurns(
  db: Db,
  people: string[],
  month: string,
): Promise<OrganiserTurns> {
  const rows =
    people.length === 0
      ? []
      : await db
          .select({
            userId: outgoingMessages.organiserId,
            turns: count(),
            last: max(outgoingMessages.createdAt),
          })
          .from(outgoingMessages)
          .where(
            and(
              eq(outgoingMessages.kind, "intro"),
              isNotNull(outgoingMessages.organiserId),
              inArray(outgoingMessages.organiserId, people),
            ),
          )
          .groupBy(outgoingMessages.organiserId);
  const turns = new Map(
    rows.map((r) => [r.userId as string, { n: r.turns, last: r.last?.getTime() ?? 0 }]),
  );
  const monthIndex = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return {
    pick(memberIds) {
      const ranked = memberIds
        .map((id, position) => ({
          id,
          n: turns.get(id)?.n ?? 0,
          last: turns.get(id)?.last ?? 0,
          rotation: (position + monthIndex) % memberIds.length,
        }))
        .sort((a, b) => a.n - b.n || a.last - b.last || a.rotation - b.rotation);
      const chosen = ranked[0].id;
      turns.set(chosen, { n: ranked[0].n + 1, last: Number.MAX_SAFE_INTEGER });
      return chosen;
    },
  };
}

import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type MatchRow, matches } from "../../db/schema";

/**
 * Takes one member out of a match: the others keep it (a trio becomes a pair, with their answers),
 * and a match with fewer than two members left is deleted.
 */
export async function leaveMatch(tx: Tx, row: MatchRow, userId: string): Promise<void> {
  const slots = ([1, 2, 3] as const)
    .map((n) => ({
      id: row[`user${n}Id`],
      status: row[`user${n}ConnectionStatus`],
      confirmedAt: row[`user${n}ConfirmedAt`],
    }))
    .filter((slot) => slot.id && slot.id !== userId);
  if (slots.length < 2) {
    await tx.delete(matches).where(eq(matches.id, row.id));
    return;
  }
  const [first, second] = slots;
  await tx
    .update(matches)
    .set({
      user1Id: first.id as string,
      user1ConnectionStatus: first.status ?? "pending",
      user1ConfirmedAt: first.confirmedAt,
      user2Id: second.id as string,
      user2ConnectionStatus: second.status ?? "pending",
      user2ConfirmedAt: second.confirmedAt,
      user3Id: null,
      user3ConnectionStatus: null,
      user3ConfirmedAt: null,
    })
    .where(eq(matches.id, row.id));
}

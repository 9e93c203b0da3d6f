import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { matches } from "../../db/schema";
import { type MatchWithMembers, removeMember } from "../../match-members/match-members";

/**
 * Takes one member out of a match: the others keep it (a trio or a match of four becomes smaller, with their
 * answers), and a match with fewer than two members left is deleted.
 */
export async function leaveMatch(tx: Tx, row: MatchWithMembers, userId: string): Promise<void> {
  const staying = row.members.filter((m) => m.userId !== userId);
  if (staying.length < 2) {
    await tx.delete(matches).where(eq(matches.id, row.id));
    return;
  }
  await removeMember(tx, row.id, userId);
}

import { and, eq } from "drizzle-orm";
import type { CheckInAnswer } from "../../shared/check-in-answers";
import type { Tx } from "../db/client";
import { matchMembers } from "../db/schema";

/**
 * The `match_members` table's lock: one member's row FOR UPDATE, with the answer read under it
 * (docs/check-ins.md, "The check-in"): the check-in's claim takes it, so someone who answered on
 * the page meanwhile is seen as answered. Undefined when the person is not in the match. The
 * members of a running pairing's matches change only under the pairing's lock
 * (pairings/locks/pairing-locks.ts).
 */
export async function lockMember(
  tx: Tx,
  matchId: number,
  userId: string,
): Promise<{ answer: CheckInAnswer | null } | undefined> {
  const [member] = await tx
    .select({ answer: matchMembers.answer })
    .from(matchMembers)
    .where(and(eq(matchMembers.matchId, matchId), eq(matchMembers.userId, userId)))
    .for("update");
  return member;
}

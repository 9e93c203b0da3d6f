import { and, eq } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import type { Tx } from "../db/client";
import { matches } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { isMemberSql, type MatchWithMembers, withMembers } from "../match-members/match-members";
import { sharePairing } from "../pairings/locks/pairing-locks";

/**
 * The one open-pairing rule of a member's answer (docs/rounds.md, "Invariants of a round"): the
 * match's pairing is locked first, then the person's membership is read again inside the lock.
 * `for share` waits for a re-pair, a report or an admin's Complete under way (they take the row
 * `for update`), so an answer lands on the match as it is after them, or is refused: 404 when
 * the person is no longer in that match, 409 once the pairing is completed (its file records
 * which chats happened, so its answers are final).
 */
export async function lockMemberMatch(
  tx: Tx,
  userId: string,
  matchId: number,
  notFound = "Match not found",
  /** What can no longer happen once the pairing is completed. */
  closed = "its answers can no longer change",
): Promise<MatchWithMembers> {
  const [ref] = await tx
    .select({ pairingId: matches.pairingId })
    .from(matches)
    .where(and(eq(matches.id, matchId), isMemberSql(matches.id, userId)));
  if (!ref) throw new NotFound(notFound);
  const pairing = await sharePairing(tx, ref.pairingId);
  if (pairing && pairing.status !== "active") {
    throw new Conflict(
      `The ${monthDisplay(pairing.month)} pairing is completed, so ${closed}.`,
      "pairing_completed",
    );
  }
  const [row] = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), isMemberSql(matches.id, userId)));
  if (!row) throw new NotFound(notFound);
  const [match] = await withMembers(tx, [row]);
  return match;
}

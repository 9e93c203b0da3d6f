import { eq } from "drizzle-orm";
import { monthDisplay } from "../../shared/pairings";
import type { Tx } from "../db/client";
import { pairings } from "../db/schema";
import { Conflict } from "../errors";

/**
 * Holds the match's pairing open for the rest of the transaction, or refuses with 409 once it is
 * completed: a completed pairing's file records which chats happened, so its answers are final.
 * `for share` waits for an admin's Complete that is under way (it takes the row `for update`), so
 * an answer lands either before the file is written or not at all.
 */
export async function lockOpenPairing(tx: Tx, pairingId: number): Promise<void> {
  const [pairing] = await tx
    .select({ status: pairings.status, month: pairings.month })
    .from(pairings)
    .where(eq(pairings.id, pairingId))
    .for("share");
  if (pairing && pairing.status !== "active") {
    throw new Conflict(
      `The ${monthDisplay(pairing.month)} pairing is completed, so its answers can no longer change.`,
      "pairing_completed",
    );
  }
}

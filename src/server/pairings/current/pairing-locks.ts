import { asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type PairingRow, pairings } from "../../db/schema";

/*
 * The one lock discipline of running pairings (docs/rounds.md, "Invariants of a round"): an
 * operation that changes who is in a running pairing's matches takes the pairing's row FOR UPDATE
 * before it reads those matches, and reads them again inside. Operations that may touch several
 * pairings at once (a deactivation, a whitelist removal) take every running pairing's row, in id
 * order, so two of them, or one of them and a re-pair, never wait on each other in a circle.
 * Making a pairing also holds the chosen people's rows (scope/lock-chosen-people.ts).
 */

/** Locks one pairing's row for a change of its matches; undefined when there is no such pairing. */
export async function lockPairing(tx: Tx, pairingId: number): Promise<PairingRow | undefined> {
  const [pairing] = await tx
    .select()
    .from(pairings)
    .where(eq(pairings.id, pairingId))
    .for("update");
  return pairing;
}

/** Locks every running pairing's row, lowest id first, for an operation that may change any of them. */
export async function lockRunningPairings(tx: Tx): Promise<PairingRow[]> {
  return tx
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(asc(pairings.id))
    .for("update");
}

import { and, eq, isNull } from "drizzle-orm";
import { parseActivePairingFile } from "../../../shared/pairing-file-names";
import type { Tx } from "../../db/client";
import { pairings } from "../../db/schema";

/**
 * Records, in the transaction that starts sending a running pairing's announcement or newsletter,
 * that its members are told their matches from now on; the first time counts. Before, a change to
 * a match is silent (docs/matches.md, "When a match changes"). A file naming no running pairing
 * (a completed record) changes nothing.
 */
export async function markPairingAnnounced(tx: Tx, pairingFile: string | null, now: Date) {
  const pairingId = pairingFile ? parseActivePairingFile(pairingFile) : null;
  if (pairingId === null) return;
  await tx
    .update(pairings)
    .set({ announcedAt: now })
    .where(and(eq(pairings.id, pairingId), isNull(pairings.announcedAt)));
}

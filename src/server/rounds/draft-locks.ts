import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { type RoundDraftRow, roundDrafts } from "../db/schema";

/**
 * The `round_drafts` table's lock: a scope's draft of the month, FOR UPDATE. Taken after the scope
 * and month's lock (lockScopeMonth in pairings/locks/pairing-locks.ts) by the admin's draft edits
 * and by the publish, so an edit and the publish never interleave (docs/rounds.md, "Exactly once,
 * whatever runs"). Undefined when there is no draft.
 */
export async function lockDraft(
  tx: Tx,
  scopeKey: string,
  month: string,
): Promise<RoundDraftRow | undefined> {
  const [draft] = await tx
    .select()
    .from(roundDrafts)
    .where(and(eq(roundDrafts.scopeKey, scopeKey), eq(roundDrafts.month, month)))
    .for("update");
  return draft;
}

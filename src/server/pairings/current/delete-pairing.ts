import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";

/** Deletes an active pairing and (by cascade) its matches, which frees its month for a new run. */
export async function deletePairing(
  ctx: AppContext,
  pairingId: number,
): Promise<{ message: string }> {
  const deleted = await ctx.db
    .delete(pairings)
    .where(and(eq(pairings.id, pairingId), eq(pairings.status, "active")))
    .returning({ id: pairings.id, name: pairings.name });
  if (deleted.length > 0) return { message: `Deleted pairing ${deleted[0].name}` };
  const [existing] = await ctx.db
    .select({ id: pairings.id })
    .from(pairings)
    .where(eq(pairings.id, pairingId));
  if (!existing) throw new NotFound("Pairing not found");
  throw new Conflict(
    "A completed pairing is part of the match history and cannot be deleted; delete its completed pairing file instead.",
    "pairing_completed",
  );
}

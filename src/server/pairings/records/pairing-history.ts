import { desc } from "drizzle-orm";
import type { PairingSummary } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { pairings } from "../../db/schema";
import { presentPairing } from "../scope/present";

/** Every pairing, newest month first (active and completed). */
export async function getPairingHistory(
  ctx: AppContext,
  limit = 500,
): Promise<{ pairings: PairingSummary[] }> {
  const rows = await ctx.db
    .select()
    .from(pairings)
    .orderBy(desc(pairings.month), desc(pairings.createdAt), desc(pairings.id))
    .limit(limit);
  return { pairings: rows.map(presentPairing) };
}

import { eq, sql } from "drizzle-orm";
import type { PairingImpact } from "../../../shared/impact";
import type { AppContext } from "../../context";
import { matches, matchMembers, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";

/**
 * What deleting the running pairing `pairingId` would touch, for its confirmation
 * (docs/pairings.md, "Who is excluded, and the Operations tab"): its matches, the people in them,
 * and whether they were told of them (the pairing's announcement or newsletter began: its
 * `announced_at`, which delete-pairing.ts reads to decide whom it tells). Read-only.
 */
export async function pairingImpact(ctx: AppContext, pairingId: number): Promise<PairingImpact> {
  const [pairing] = await ctx.db
    .select({ status: pairings.status, announcedAt: pairings.announcedAt })
    .from(pairings)
    .where(eq(pairings.id, pairingId));
  if (!pairing) throw new NotFound("Pairing not found");
  if (pairing.status !== "active") {
    throw new Conflict(
      "A completed pairing is part of the match history and cannot be deleted.",
      "pairing_completed",
    );
  }
  const [counts] = await ctx.db
    .select({
      matches: sql<number>`count(distinct ${matches.id})::int`,
      people: sql<number>`count(distinct ${matchMembers.userId})::int`,
    })
    .from(matches)
    .leftJoin(matchMembers, eq(matchMembers.matchId, matches.id))
    .where(eq(matches.pairingId, pairingId));
  return { matches: counts.matches, people: counts.people, told: pairing.announcedAt !== null };
}

import { and, eq, inArray, sql } from "drizzle-orm";
import type { PairingImpact } from "../../../shared/impact";
import { activePairingFile } from "../../../shared/pairing-file-names";
import type { AppContext } from "../../context";
import { matches, matchMembers, newsletters, pairings } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";

/**
 * What deleting the running pairing `pairingId` would touch, for its confirmation
 * (docs/pairings.md, "Who is excluded, and the Operations tab"): its matches, the people in them,
 * and whether they were e-mailed about them (a newsletter or round announcement naming the pairing
 * is sending or sent). Read-only; delete-pairing.ts e-mails nobody.
 */
export async function pairingImpact(ctx: AppContext, pairingId: number): Promise<PairingImpact> {
  const [pairing] = await ctx.db
    .select({ status: pairings.status })
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
  const told = await ctx.db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(
      and(
        eq(newsletters.pairingFile, activePairingFile(pairingId)),
        inArray(newsletters.status, ["sending", "sent"]),
      ),
    )
    .limit(1);
  return { matches: counts.matches, people: counts.people, told: told.length > 0 };
}

import { asc, desc, eq, inArray } from "drizzle-orm";
import type { CurrentPairingsResponse, PreviewMatch } from "../../shared/pairings";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";
import { loadMembers } from "./pairing-members";
import { presentPairing, presentPreviewMatch } from "./present";

/** Every active pairing with its matches, keyed by pairing id. */
export async function getCurrentPairings(ctx: AppContext): Promise<CurrentPairingsResponse> {
  const active = await ctx.db
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(desc(pairings.month), desc(pairings.createdAt), desc(pairings.id));
  const matchesByPairing: Record<string, PreviewMatch[]> = {};
  if (active.length === 0) return { pairings: [], matchesByPairing };
  const rows = await ctx.db
    .select()
    .from(matches)
    .where(
      inArray(
        matches.pairingId,
        active.map((p) => p.id),
      ),
    )
    .orderBy(asc(matches.id));
  const members = await loadMembers(ctx.db, rows);
  for (const pairing of active) matchesByPairing[String(pairing.id)] = [];
  for (const row of rows)
    matchesByPairing[String(row.pairingId)].push(presentPreviewMatch(row, members));
  return { pairings: active.map(presentPairing), matchesByPairing };
}

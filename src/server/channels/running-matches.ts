import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";

/**
 * A running pairing's running matches of two or more people and their members' ids: what the
 * Slack intro is for (docs/chat.md, "The intro"). Null when the pairing does not run or nobody in
 * it is matched.
 */
export async function runningMatchesOf(ctx: Pick<AppContext, "db">, pairingId: number) {
  const [pairing] = await ctx.db.select().from(pairings).where(eq(pairings.id, pairingId));
  if (!pairing || pairing.status !== "active") return null;
  const running = (
    await withMembers(
      ctx.db,
      await ctx.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
    )
  ).filter((m) => m.status === "active" && m.members.length >= 2);
  const ids = [...new Set(running.flatMap(memberIds))];
  if (ids.length === 0) return null;
  return { pairing, running, ids };
}

/**
 * One running match of two or more people, with its members and its pairing's month: what a
 * channel's message about that match is for. Null once the match or its pairing stopped running.
 */
export async function runningMatch(ctx: Pick<AppContext, "db">, matchId: number | null) {
  if (matchId === null) return null;
  const [row] = await ctx.db
    .select({ match: matches, pairingStatus: pairings.status, month: pairings.month })
    .from(matches)
    .innerJoin(pairings, eq(pairings.id, matches.pairingId))
    .where(eq(matches.id, matchId));
  if (!row || row.match.status !== "active" || row.pairingStatus !== "active") return null;
  const [full] = await withMembers(ctx.db, [row.match]);
  return full.members.length >= 2 ? { ...full, month: row.month } : null;
}

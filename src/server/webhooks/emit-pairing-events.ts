import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { matches, pairings } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { emitWebhookEvents } from "./emit-webhook-event";

/**
 * A published pairing's webhook events (docs/chat.md, "Webhooks"): `round.published` once, and
 * `match.created` for each running match; each keyed by the pairing or the match, so running
 * this again queues nothing twice. Resolves how many calls are new.
 */
export async function emitPairingEvents(ctx: AppContext, pairingId: number): Promise<number> {
  const [pairing] = await ctx.db.select().from(pairings).where(eq(pairings.id, pairingId));
  if (!pairing || pairing.status !== "active") return 0;
  const running = (
    await withMembers(
      ctx.db,
      await ctx.db.select().from(matches).where(eq(matches.pairingId, pairingId)),
    )
  ).filter((m) => m.status === "active" && m.members.length >= 2);
  return emitWebhookEvents(ctx, ctx.db, [
    {
      type: "round.published",
      key: `pairing-${pairing.id}`,
      data: {
        pairingId: pairing.id,
        name: pairing.name,
        month: pairing.month,
        matches: running.length,
      },
    },
    ...running.map((match) => ({
      type: "match.created" as const,
      key: `match-${match.id}`,
      data: {
        matchId: match.id,
        pairingId: pairing.id,
        month: pairing.month,
        memberIds: memberIds(match),
      },
    })),
  ]);
}

import { eq } from "drizzle-orm";
import type { ConnectionStatusBody, MatchItem } from "../../shared/matches";
import type { AppContext } from "../context";
import { matches } from "../db/schema";
import { findMemberMatch, sideOf, toMatchItems } from "./member-matches";
import { lockOpenPairing } from "./open-pairing";

/**
 * Records whether the caller met their match, on the caller's own side only. The answer may be
 * changed (Met ↔ Missed) while the match's pairing runs; once it is completed, 409 (see
 * open-pairing.ts for how this meets a concurrent Complete).
 */
export async function setConnectionStatus(
  ctx: AppContext,
  userId: string,
  matchId: number,
  { status }: ConnectionStatusBody,
): Promise<MatchItem> {
  const match = await findMemberMatch(ctx, userId, matchId);
  const now = ctx.clock.now();
  const side = sideOf(match, userId);
  const changes =
    side === "user1"
      ? { user1ConnectionStatus: status, user1ConfirmedAt: now }
      : side === "user2"
        ? { user2ConnectionStatus: status, user2ConfirmedAt: now }
        : { user3ConnectionStatus: status, user3ConfirmedAt: now };
  const updated = await ctx.db.transaction(async (tx) => {
    await lockOpenPairing(tx, match.pairingId);
    const [row] = await tx.update(matches).set(changes).where(eq(matches.id, match.id)).returning();
    return row;
  });
  const [item] = await toMatchItems(ctx, userId, [updated]);
  return item;
}
